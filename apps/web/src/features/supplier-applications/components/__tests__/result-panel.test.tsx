import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import MyApplicationsPage from '../my-applications-page';

const STORED = `${'c3'.repeat(16)}.png`;
const APPLICATION = {
  id: 3,
  projectId: 7,
  projectName: 'School roof repair',
  projectCode: 'LV20261125000007',
  projectStatus: 'publicity',
  model: 2,
  signupStart: '2026-11-01T00:00:00.000Z',
  bidDeadline: '2026-11-20T02:00:00.000Z',
  guaranteeRequired: false,
  guaranteeAmountFen: 0,
  companyId: 5,
  companyName: 'Hill Builders',
  contactName: 'Hu Li',
  contactTel: '13900000001',
  guaranteeLetterNo: null,
  guaranteeOrderId: null,
  status: 'lost',
  statusReason: null,
  checkedAt: '2026-11-10T02:00:00.000Z',
  createdAt: '2026-11-05T02:00:00.000Z',
  updatedAt: '2026-11-21T02:00:00.000Z',
  documents: [],
  actions: [],
};
const RESULT = {
  projectId: 7,
  code: APPLICATION.projectCode,
  name: APPLICATION.projectName,
  ownerName: 'Demo Owner',
  model: 2,
  status: 'publicity',
  winnerName: 'River Works',
  amountFen: 2_500_000,
  publicityEndsAt: '2026-11-28T16:00:00.000Z',
  objections: 'none',
  failedReason: null,
  since: '2026-11-21T02:00:00.000Z',
  ranking: [
    { rank: 1, companyName: 'River Works', priceFen: 2_500_000, total: null },
    { rank: 2, companyName: 'Hill Builders', priceFen: 2_600_000, total: null },
  ],
  hash: 'cd'.repeat(32),
};
const FEE = {
  id: 9,
  projectId: 7,
  applicationId: 3,
  companyName: 'Hill Builders',
  awardFen: 2_500_000,
  feeFen: 25_000,
  bands: [{ fromFen: 0, toFen: 100_000_000, rate: 0.01, partFen: 2_500_000, feeFen: 25_000 }],
  status: 'unpaid',
  voucher: null,
  voucherAt: null,
  rejectReason: null,
  decidedAt: null,
  createdAt: '2026-11-29T02:00:00.000Z',
};
const SUPPLIER_RESULT = {
  result: RESULT,
  applicationId: 3,
  applicationStatus: 'lost',
  objection: null,
  canObject: true,
  canAnswerAward: false,
  fee: null,
  awardNotice: null,
  fileNames: {},
};
const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

function serve(mine: Record<string, unknown>, application: Record<string, unknown> = APPLICATION) {
  return stubServer((url, init) => {
    if (url.pathname === '/common/upload') return ok({ fileName: STORED });
    if (init?.method === 'POST') return ok({ data: { id: 1, status: 'open' } });
    if (url.pathname === '/api/supplier/applications') return ok({ rows: [application], total: 1 });
    if (url.pathname === '/api/supplier/results/7') return ok({ data: { ...SUPPLIER_RESULT, ...mine } });
    return ok({ data: [] });
  });
}

async function openResult(user: ReturnType<typeof userEvent.setup>) {
  renderPage(
    <MemoryRouter>
      <MyApplicationsPage />
    </MemoryRouter>,
    ['web:project:list', 'web:project:withdraw'],
  );
  await user.click(await findButton(document.body, 'Result'));
  return (await screen.findByTestId('public-result')).closest<HTMLElement>('.ant-drawer')!;
}

const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;

describe('the supplier’s result panel (web/project)', () => {
  it('shows the result and files an objection, once, only with a reason', async () => {
    const server = serve({});
    const user = userEvent.setup();
    const panel = await openResult(user);
    expect(panel).toHaveTextContent('River Works');
    expect(panel).toHaveTextContent('¥25,000.00');
    expect(panel).toHaveTextContent('Publicity ends2026-11-29 00:00');
    expect(within(panel).getByText('You have not objected. You may object once while the result is in publicity.'));
    await user.click(button(panel, 'Object to the result'));
    const dialog = await dialogTitled('Object to the result');
    expect(dialog).toHaveTextContent('An objection cannot be withdrawn.');
    await user.click(button(dialog, 'Send the objection'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('The winner’s licence expired in October.');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('licence.pdf');
    await user.click(button(dialog, 'Send the objection'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path.endsWith('/objections'))).toHaveLength(1));
    const [sent] = postsOf(server).filter((p) => p.path.endsWith('/objections'));
    expect(sent).toMatchObject({
      path: '/api/results/7/objections',
      body: { reason: 'The winner’s licence expired in October.', files: [STORED] },
    });
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the objection with the owner’s answer and the auditor’s decision', async () => {
    serve({
      canObject: false,
      objection: {
        id: 4,
        projectId: 7,
        applicationId: 3,
        companyId: 5,
        companyName: 'Hill Builders',
        status: 'dismissed',
        reason: 'The winner’s licence expired.',
        files: [],
        answer: 'It was renewed on 1 November.',
        decisionReason: 'The renewal is on file.',
        createdAt: '2026-11-22T02:00:00.000Z',
      },
    });
    const user = userEvent.setup();
    const panel = await openResult(user);
    const objection = within(panel).getByTestId('my-objection');
    expect(objection).toHaveTextContent('It was renewed on 1 November.');
    expect(objection).toHaveTextContent('The renewal is on file.');
    expect(within(objection).queryByText('Object to the result')).toBeNull();
  });

  it('lets the winner decline the award only with a reason, after a warning', async () => {
    const server = serve(
      { applicationStatus: 'won', canObject: false, canAnswerAward: true, result: { ...RESULT, status: 'awarded' } },
      { ...APPLICATION, projectStatus: 'awarded', status: 'won' },
    );
    const user = userEvent.setup();
    const panel = await openResult(user);
    expect(within(panel).getByText('Your company is the winner.')).toBeInTheDocument();
    await user.click(button(panel, 'Decline the award'));
    const dialog = await dialogTitled('Decline the award');
    expect(dialog).toHaveTextContent('Declining is final');
    await user.click(button(dialog, 'Decline'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('Our crew is committed elsewhere until March.');
    await user.click(button(dialog, 'Decline'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/results/7/award/decline',
      body: { reason: 'Our crew is committed elsewhere until March.' },
    });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets the winner confirm the award after a confirmation', async () => {
    const server = serve(
      { applicationStatus: 'won', canObject: false, canAnswerAward: true, result: { ...RESULT, status: 'awarded' } },
      { ...APPLICATION, projectStatus: 'awarded', status: 'won' },
    );
    const user = userEvent.setup();
    const panel = await openResult(user);
    await user.click(button(panel, 'Confirm the award'));
    const dialog = (await screen.findByText(/accepts the award\?/)).closest<HTMLElement>('.ant-modal')!;
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(dialog, 'Confirm the award'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]!.path).toBe('/api/results/7/award/confirm');
  });

  it('sends the uploaded voucher’s stored name, and shows finance’s rejection to upload again', async () => {
    const server = serve(
      {
        applicationStatus: 'confirmed',
        canObject: false,
        result: { ...RESULT, status: 'awarded' },
        fee: { ...FEE, status: 'rejected', rejectReason: 'The transfer has not arrived.' },
      },
      { ...APPLICATION, projectStatus: 'awarded', status: 'confirmed' },
    );
    const user = userEvent.setup();
    const panel = await openResult(user);
    const form = within(panel).getByTestId('voucher-form');
    expect(form).toHaveTextContent('Finance rejected your voucher. Upload another one.');
    expect(form).toHaveTextContent('The transfer has not arrived.');
    await user.click(button(form, 'Submit voucher'));
    expect(await within(form).findByText('Upload the voucher first.')).toBeInTheDocument();
    await user.upload(
      form.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['png'], 'transfer.png', { type: 'image/png' }),
    );
    await within(form).findByText('transfer.png');
    await user.click(button(form, 'Submit voucher'));
    const dialog = (
      await screen.findByText(/Submit this voucher for the service fee of ¥250\.00\?/)
    ).closest<HTMLElement>('.ant-modal')!;
    await user.click(button(dialog, 'Submit voucher'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path.endsWith('/voucher'))).toHaveLength(1));
    const [sent] = postsOf(server).filter((p) => p.path.endsWith('/voucher'));
    expect(sent).toMatchObject({ path: '/api/results/7/fee/voucher', body: { voucher: STORED } });
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads in Chinese, award notice included', async () => {
    serve(
      {
        applicationStatus: 'confirmed',
        canObject: false,
        result: { ...RESULT, status: 'awarded' },
        fee: { ...FEE, status: 'confirmed', voucher: STORED, decidedAt: '2026-12-01T02:00:00.000Z' },
        awardNotice: {
          number: 'ZX2026112600012',
          issuedAt: '2026-12-01T02:00:00.000Z',
          sha256: 'ef'.repeat(32),
          bytes: 9000,
        },
      },
      { ...APPLICATION, projectStatus: 'awarded', status: 'confirmed' },
    );
    await setLanguage('zh-CN');
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <MyApplicationsPage />
      </MemoryRouter>,
      ['web:project:list'],
    );
    await user.click(await findButton(document.body, '结果'));
    const notice = await screen.findByTestId('award-notice');
    expect(notice).toHaveTextContent('ZX2026112600012');
    expect(notice).toHaveTextContent('2026-12-01 10:00');
    expect(notice).toHaveTextContent('ef'.repeat(32));
    expect(within(notice).getByText('下载中选通知书（PDF）')).toBeInTheDocument();
    expect(screen.getByText('中选结果')).toBeInTheDocument();
    expect(screen.queryByTestId('voucher-form')).toBeNull();
  });
});
