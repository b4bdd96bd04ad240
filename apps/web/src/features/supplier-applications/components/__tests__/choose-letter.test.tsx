import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { button, findButton, renderPage, postsOf, stubServer } from '@/testing/render';
import MyApplicationsPage, { mayChooseLetter } from '../my-applications-page';

const APPLICATION = {
  id: 3,
  projectId: 7,
  projectName: 'School roof repair',
  projectCode: 'LV20261125000007',
  projectStatus: 'published',
  model: 2,
  signupStart: '2026-11-01T00:00:00.000Z',
  bidDeadline: '2999-11-20T02:00:00.000Z',
  guaranteeRequired: true,
  guaranteeAmountFen: 5_000_000,
  companyId: 5,
  companyName: 'Hill Builders',
  contactName: 'Hu Li',
  contactTel: '13900000001',
  guaranteeLetterNo: null,
  guaranteeOrderId: null,
  status: 'pending_check',
  statusReason: null,
  checkedAt: null,
  createdAt: '2026-11-05T02:00:00.000Z',
  updatedAt: '2026-11-05T02:00:00.000Z',
  documents: [],
  actions: ['withdraw'],
};
const LETTERS = [
  {
    orderId: 41,
    letterNo: 'BG20261201000041',
    amountFen: 5_000_000,
    validFrom: '2026-12-01',
    validTo: '3000-05-30',
    sufficient: true,
    taken: false,
  },
  {
    orderId: 42,
    letterNo: 'BG20261201000042',
    amountFen: 1_000_000,
    validFrom: '2026-12-01',
    validTo: '3000-05-30',
    sufficient: false,
    taken: false,
  },
  {
    orderId: 43,
    letterNo: 'BG20261201000043',
    amountFen: 6_000_000,
    validFrom: '2026-12-01',
    validTo: '2026-12-31',
    sufficient: false,
    taken: false,
  },
];
const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

function serve(applications: Record<string, unknown>[], letters: unknown[] = LETTERS) {
  return stubServer((url, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { orderId?: number; letterNo?: string };
      return ok({
        data: {
          letterNo: body.letterNo ?? LETTERS.find((l) => l.orderId === body.orderId)!.letterNo,
          verified: body.orderId !== undefined,
          orderId: body.orderId ?? null,
          status: body.orderId ? 'issued' : null,
          amountFen: null,
          validFrom: null,
          validTo: null,
          issuedAt: null,
          claims: [],
        },
      });
    }
    if (url.pathname === '/api/supplier/applications') return ok({ rows: applications, total: applications.length });
    if (url.pathname === '/api/supplier/applications/3/letters') return ok({ data: letters });
    return ok({ data: [] });
  });
}

const putsOf = (server: ReturnType<typeof stubServer>) =>
  postsOf(server, 'PUT').map(({ path, body }) => ({ path, body }));

const renderMine = () =>
  renderPage(
    <MemoryRouter>
      <MyApplicationsPage />
    </MemoryRouter>,
    ['web:project:list', 'web:project:withdraw'],
  );

const radioOf = (scope: HTMLElement, text: string) =>
  within(scope).getByText(text).closest('label')!.querySelector<HTMLInputElement>('input[type=radio]')!;

async function openDialog(
  user: ReturnType<typeof userEvent.setup>,
  title = 'Guarantee letter for School roof repair',
  action = 'Choose letter',
) {
  await user.click(await findButton(document.body, action));
  return (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
}

describe('the guarantee letter of an application (web/project)', () => {
  it('shows the letter each application holds, or that one is required', async () => {
    serve([
      { ...APPLICATION, id: 3 },
      { ...APPLICATION, id: 4, projectName: 'Bridge survey', guaranteeLetterNo: 'BG1', guaranteeOrderId: 41 },
      { ...APPLICATION, id: 5, projectName: 'Pump station', guaranteeLetterNo: 'ICBC-2026-77' },
    ]);
    renderMine();
    expect(await screen.findByText('Required, none yet')).toBeInTheDocument();
    expect(screen.getByText('BG1').closest('.ant-space')).toHaveTextContent('Platform-issued');
    expect(screen.getByText('ICBC-2026-77').closest('.ant-space')).toHaveTextContent(
      'Unverified — the owner checks it',
    );
    expect(screen.getAllByText('Required: ¥50,000.00')).toHaveLength(3);
  });

  it('offers the choice only while the application waits for its check, before the deadline', () => {
    const now = Date.parse('2026-11-10T00:00:00.000Z');
    const a = { ...APPLICATION, bidDeadline: '2026-11-20T02:00:00.000Z' } as Parameters<typeof mayChooseLetter>[0];
    expect(mayChooseLetter(a, now)).toBe(true);
    expect(mayChooseLetter({ ...a, status: 'qualified' }, now)).toBe(false);
    expect(mayChooseLetter(a, Date.parse('2026-11-20T02:00:00.000Z'))).toBe(false);
    expect(mayChooseLetter({ ...a, guaranteeRequired: false }, now)).toBe(false);
    expect(mayChooseLetter({ ...a, guaranteeRequired: false, guaranteeLetterNo: 'X-1' }, now)).toBe(true);
  });

  it('lists the issued letters, the insufficient ones disabled with the reason, and sends the chosen orderId', async () => {
    const server = serve([APPLICATION]);
    const user = userEvent.setup();
    renderMine();
    const dialog = await openDialog(user);
    await within(dialog).findByText('BG20261201000041');
    expect(within(dialog).getByTestId('required-amount-figures')).toHaveTextContent('¥50,000.00');
    expect(within(dialog).getByTestId('required-amount-words')).toHaveTextContent('伍万元整');
    expect(radioOf(dialog, 'BG20261201000041')).toBeEnabled();
    expect(radioOf(dialog, 'BG20261201000042')).toBeDisabled();
    expect(within(dialog).getByTestId('letter-42')).toHaveTextContent(
      'Amount below the required guarantee of ¥50,000.00',
    );
    expect(radioOf(dialog, 'BG20261201000043')).toBeDisabled();
    expect(within(dialog).getByTestId('letter-43')).toHaveTextContent('Not valid through the bid deadline');
    await user.click(button(dialog, 'Use this letter'));
    expect(
      await within(dialog).findByText('Choose a letter, or give the number of a letter from elsewhere.'),
    ).toBeInTheDocument();
    expect(putsOf(server)).toHaveLength(0);
    await user.click(radioOf(dialog, 'BG20261201000041'));
    await user.click(button(dialog, 'Use this letter'));
    await waitFor(() => expect(putsOf(server)).toHaveLength(1));
    expect(putsOf(server)[0]).toEqual({ path: '/api/supplier/applications/3/guarantee', body: { orderId: 41 } });
    expect(await screen.findByText('The application now holds letter BG20261201000041.')).toBeInTheDocument();
  });

  it('sends the number of a letter from elsewhere, marked for the owner’s check', async () => {
    const server = serve([APPLICATION]);
    const user = userEvent.setup();
    renderMine();
    const dialog = await openDialog(user);
    await within(dialog).findByText('BG20261201000041');
    await user.click(radioOf(dialog, 'A letter from elsewhere'));
    expect(await within(dialog).findByText(/is marked unverified/)).toBeInTheDocument();
    await user.click(button(dialog, 'Use this letter'));
    expect(await within(dialog).findByText('Give the letter number.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Letter number'));
    await user.paste(' ICBC-2026-77 ');
    await user.click(button(dialog, 'Use this letter'));
    await waitFor(() => expect(putsOf(server)).toHaveLength(1));
    expect(putsOf(server)[0]).toEqual({
      path: '/api/supplier/applications/3/guarantee',
      body: { letterNo: 'ICBC-2026-77' },
    });
  });

  it('shows the server’s refusal on the form', async () => {
    const server = stubServer((url, init) => {
      if (init?.method === 'PUT') return { code: 409, msg: 'the bid deadline has passed' };
      if (url.pathname === '/api/supplier/applications') return ok({ rows: [APPLICATION], total: 1 });
      if (url.pathname === '/api/supplier/applications/3/letters') return ok({ data: LETTERS });
      return ok({ data: [] });
    });
    const user = userEvent.setup();
    renderMine();
    const dialog = await openDialog(user);
    await within(dialog).findByText('BG20261201000041');
    await user.click(radioOf(dialog, 'BG20261201000041'));
    await user.click(button(dialog, 'Use this letter'));
    expect(await within(dialog).findByTestId('letter-refusal')).toHaveTextContent('the bid deadline has passed');
    expect(putsOf(server)).toHaveLength(1);
  });

  it('without an issued letter, offers to order one; in Chinese', async () => {
    await setLanguage('zh-CN');
    serve([{ ...APPLICATION, guaranteeLetterNo: 'ICBC-2026-77' }], []);
    const user = userEvent.setup();
    renderMine();
    expect(await screen.findByText('待人工核验')).toBeInTheDocument();
    const dialog = await openDialog(user, '选择保函：School roof repair', '选择保函');
    const empty = await within(dialog).findByTestId('letters-empty');
    expect(empty).toHaveTextContent('该项目尚无已出具的保函。');
    expect(within(empty).getByText('申请保函').closest('a')).toHaveAttribute('href', '/orders/order?applicationId=3');
    // The number from elsewhere it holds is chosen already.
    expect(radioOf(dialog, '其他机构出具的保函')).toBeChecked();
    expect(within(dialog).getByLabelText('保函编号')).toHaveValue('ICBC-2026-77');
  });
});
