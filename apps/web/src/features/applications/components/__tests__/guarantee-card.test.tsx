import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import { ApplicationDetailDrawer } from '../application-detail';

const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

const DICTS: Record<string, [string, string, string][]> = {
  application_status: [['pending', 'Pending', '待审查']],
  order_status: [
    ['issued', 'Issued', '已出函'],
    ['claimed', 'Claimed', '已理赔'],
  ],
  claim_status: [
    ['filed', 'Filed', '待处理'],
    ['paid', 'Paid', '已赔付'],
    ['refused', 'Refused', '已拒赔'],
  ],
};

const STORED = `${'e5'.repeat(16)}.pdf`;

const APPLICATION = {
  id: 12,
  projectId: 7,
  projectName: 'School roof repair',
  projectCode: 'LV20261125000007',
  projectStatus: 'published',
  model: 1,
  signupStart: '2026-11-25T02:00:00.000Z',
  bidDeadline: '2026-12-10T02:00:00.000Z',
  guaranteeRequired: true,
  guaranteeAmountFen: 5_000_000,
  companyId: 3,
  companyName: 'Hill Builders',
  contactName: 'Hana Hill',
  contactTel: '13800000000',
  guaranteeLetterNo: 'GL20261205000041',
  guaranteeOrderId: 41,
  status: 'pending',
  statusReason: null,
  checkedAt: null,
  createdAt: '2026-11-26T02:00:00.000Z',
  updatedAt: '2026-11-26T02:00:00.000Z',
  documents: [],
  actions: [],
  timeline: [],
};

const VERIFIED = {
  letterNo: 'GL20261205000041',
  verified: true,
  orderId: 41,
  status: 'issued',
  amountFen: 5_000_000,
  validFrom: '2026-12-05',
  validTo: '2027-06-03',
  issuedAt: '2026-12-05T02:00:00.000Z',
  claims: [] as Record<string, unknown>[],
};

const REFUSED_CLAIM = {
  id: 8,
  claimNo: 'GC20261210000008',
  orderId: 41,
  letterNo: 'GL20261205000041',
  kind: 'bid',
  companyName: 'Hill Builders',
  applicationId: 12,
  projectId: 7,
  projectCode: 'LV20261125000007',
  projectName: 'School roof repair',
  beneficiary: 'Demo Owner',
  letterAmountFen: 5_000_000,
  amountFen: 100_000,
  reason: 'Late documents',
  status: 'refused',
  statusReason: 'No breach shown',
  files: [],
  fileNames: {},
  filedByName: 'Olivia Owner',
  decidedAt: '2026-12-11T02:00:00.000Z',
  createdAt: '2026-12-10T02:00:00.000Z',
};

function serve(
  guarantee: unknown,
  application: Record<string, unknown> = {},
  claimAnswer: () => unknown = () => ok({ data: { id: 9 } }),
) {
  return stubServer((url, init) => {
    const type = /^\/system\/dict\/data\/type\/(.+)$/.exec(url.pathname)?.[1];
    if (type) {
      return ok({
        data: (DICTS[type] ?? []).map(([dictValue, dictLabel, dictLabelZh], i) => ({
          dictValue,
          dictLabel,
          dictLabelZh,
          dictSort: i,
          listClass: 'default',
          cssClass: '',
          isDefault: 'N',
        })),
      });
    }
    if (url.pathname === '/common/upload') return ok({ fileName: STORED });
    if (url.pathname === '/api/guarantee/claims' && init?.method === 'POST') return claimAnswer();
    if (url.pathname === '/api/applications/12') return ok({ data: { ...APPLICATION, ...application } });
    if (url.pathname === '/api/applications/12/guarantee') return ok({ data: guarantee });
    return ok({ data: [] });
  });
}

const OWNER = ['bid:apply:list', 'bid:apply:query', 'bid:apply:claim'];

const renderDrawer = (permissions = OWNER) =>
  renderPage(<ApplicationDetailDrawer id={12} onClose={() => undefined} />, permissions);

/** Types by pasting: antd re-renders the form on every keystroke, which costs seconds in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe("the bid guarantee on the owner's application detail", () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows a verified letter of the platform with its facts, download and claims', async () => {
    serve({ ...VERIFIED, claims: [REFUSED_CLAIM] });
    renderDrawer();
    const card = await screen.findByTestId('application-guarantee');
    expect(await within(card).findByTestId('guarantee-verified')).toHaveTextContent('Issued by the platform, verified');
    expect(within(card).getByTestId('guarantee-letter-no')).toHaveTextContent('GL20261205000041');
    const facts = within(card).getByTestId('application-guarantee-facts');
    expect(within(facts).getByText('¥50,000.00')).toBeInTheDocument();
    expect(within(facts).getByText('2026-12-05 to 2027-06-03')).toBeInTheDocument();
    expect(await within(facts).findByText('Issued')).toBeInTheDocument();
    expect(within(card).getByText('Download PDF')).toBeInTheDocument();
    const claim = within(card).getByTestId('application-claim-8');
    expect(within(claim).getByText('¥1,000.00')).toBeInTheDocument();
    expect(within(claim).getByText('No breach shown')).toBeInTheDocument();
    expect(await within(claim).findByText('Refused')).toBeInTheDocument();
    // a refused claim leaves the letter in force: the owner may claim again
    expect(within(card).getByText('Claim')).toBeInTheDocument();
  });

  it('shows a letter from elsewhere as unverified, without platform facts or a claim', async () => {
    serve({
      ...VERIFIED,
      verified: false,
      orderId: null,
      status: null,
      amountFen: null,
      validFrom: null,
      validTo: null,
      issuedAt: null,
    });
    renderDrawer();
    const card = await screen.findByTestId('application-guarantee');
    expect(await within(card).findByTestId('guarantee-unverified')).toHaveTextContent(
      'From elsewhere: check it with its issuer',
    );
    expect(within(card).queryByTestId('guarantee-verified')).toBeNull();
    expect(within(card).queryByText('Download PDF')).toBeNull();
    expect(within(card).queryByText('Claim')).toBeNull();
  });

  it('warns that qualifying waits for a letter the project requires', async () => {
    serve(null, { guaranteeLetterNo: null, guaranteeOrderId: null });
    renderDrawer();
    expect(await screen.findByTestId('guarantee-missing')).toHaveTextContent(
      'No guarantee letter yet: qualifying waits for one.',
    );
  });

  it('offers no claim while one is filed', async () => {
    serve({ ...VERIFIED, claims: [{ ...REFUSED_CLAIM, status: 'filed', statusReason: null }] });
    renderDrawer();
    const card = await screen.findByTestId('application-guarantee');
    await within(card).findByTestId('application-claim-8');
    expect(within(card).queryByText('Claim')).toBeNull();
  });

  it('hides the claim from those without bid:apply:claim', async () => {
    serve(VERIFIED);
    renderDrawer(['bid:apply:list', 'bid:apply:query']);
    const card = await screen.findByTestId('application-guarantee');
    await within(card).findByTestId('guarantee-verified');
    expect(within(card).queryByText('Claim')).toBeNull();
  });

  it('files a claim: amount at most the letter, capital numerals, reason, files, then a confirmation', async () => {
    const server = serve(VERIFIED);
    const user = userEvent.setup();
    renderDrawer();
    const card = await screen.findByTestId('application-guarantee');
    await user.click(await findButton(card, 'Claim'));
    const dialog = (await screen.findByText('Claim on letter GL20261205000041')).closest<HTMLElement>('.ant-modal')!;
    await user.click(button(dialog, 'Next'));
    expect(
      await within(dialog).findByText('Give the reason for the claim (at least 2 characters).'),
    ).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Claimed amount (¥)'), '50000.01');
    await user.click(button(dialog, 'Next'));
    expect(
      await within(dialog).findByText('The claim may not exceed the guaranteed amount of ¥50,000.00.'),
    ).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Claimed amount (¥)'), '12,345.5');
    expect(await within(dialog).findByTestId('claim-typed-words')).toHaveTextContent('壹万贰仟叁佰肆拾伍元伍角整');
    await fill(user, within(dialog).getByLabelText('Reason for the claim'), 'The bidder withdrew after the deadline');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF-1.4'], 'withdrawal.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('withdrawal.pdf');
    await user.click(button(dialog, 'Next'));

    const confirm = await within(dialog).findByTestId('claim-confirm');
    expect(within(confirm).getByTestId('claim-amount-figures')).toHaveTextContent('¥12,345.50');
    expect(within(confirm).getByTestId('claim-amount-words')).toHaveTextContent('壹万贰仟叁佰肆拾伍元伍角整');
    expect(within(confirm).getByText('Files: 1')).toBeInTheDocument();
    expect(postsOf(server).filter((p) => p.path === '/api/guarantee/claims')).toHaveLength(0);
    await user.click(button(dialog, 'File the claim'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path === '/api/guarantee/claims')).toHaveLength(1));
    const sent = postsOf(server).find((p) => p.path === '/api/guarantee/claims')!;
    expect(sent.body).toEqual({
      applicationId: 12,
      amountFen: 1_234_550,
      reason: 'The bidder withdrew after the deadline',
      files: [STORED],
    });
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The claim is filed; guarantee staff will pay or refuse it.')).toBeInTheDocument();
  });

  it('puts a refusal of the amount under its field, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const server = serve(VERIFIED, {}, () => ({ code: 400, msg: '索赔金额超过保函余额', field: 'amountFen' }));
    const user = userEvent.setup();
    renderDrawer();
    const card = await screen.findByTestId('application-guarantee');
    expect(await within(card).findByTestId('guarantee-verified')).toHaveTextContent('平台出具，已核验');
    await user.click(await findButton(card, '索赔'));
    const dialog = (await screen.findByText('就保函 GL20261205000041 索赔')).closest<HTMLElement>('.ant-modal')!;
    await fill(user, within(dialog).getByLabelText('索赔金额（元）'), '100');
    await fill(user, within(dialog).getByLabelText('索赔理由'), '投标人撤回投标');
    await user.click(button(dialog, '下一步'));
    const confirm = await within(dialog).findByTestId('claim-confirm');
    expect(within(confirm).getByTestId('claim-amount-words')).toHaveTextContent('壹佰元整');
    await user.click(button(dialog, '提交索赔'));
    expect(await within(dialog).findByText('索赔金额超过保函余额')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('claim-confirm')).toBeNull();
    expect(postsOf(server).filter((p) => p.path === '/api/guarantee/claims')).toHaveLength(1);
  });
});
