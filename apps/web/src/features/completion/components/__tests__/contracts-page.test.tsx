import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import AcceptancePage from '../acceptance-page';
import ContractsPage from '../contracts-page';
import { DETAIL, ok, openedDrawer, ROW, STORED } from './fixtures';

/** The contract the tests type, as it is sent. */
const CONTRACT = {
  contractNo: 'HT-2026-001',
  amountFen: 123_456_789,
  signedOn: '2026-12-03',
  periodStart: '2026-12-10',
  periodEnd: '2027-03-10',
  files: [STORED],
};

type Answer = (url: URL, init?: RequestInit) => unknown;

/** The list, the detail, an upload, and the step answered by `onPost`. */
function serve(detail: Record<string, unknown>, onPost: Answer, row: Record<string, unknown> = ROW) {
  return stubServer((url, init) => {
    if (url.pathname === '/common/upload') return ok({ fileName: STORED });
    if (init?.method === 'POST') return onPost(url, init);
    if (url.pathname === '/api/completion') return ok({ rows: [row], total: 1 });
    if (url.pathname === '/api/results/7/completion') return ok({ data: detail });
    return ok({ data: [] });
  });
}

/** Types a date into an antd date picker and commits it. */
async function pickDate(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, date: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(date);
  await user.keyboard('{Tab}');
}

/** The dialog under its title. */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role=dialog]')!;

/** Types by pasting: antd re-renders the form on every keystroke, which costs seconds in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** Fills the contract's number, dates (the period ending on `periodEnd`) and its signed file. */
async function fillContract(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, periodEnd: string) {
  await fill(user, within(dialog).getByLabelText('Contract number'), 'HT-2026-001');
  await pickDate(user, within(dialog).getByLabelText('Signing date'), '2026-12-03');
  await pickDate(user, within(dialog).getByLabelText('Period start'), '2026-12-10');
  await pickDate(user, within(dialog).getByLabelText('Period end'), periodEnd);
  await user.upload(
    dialog.querySelector<HTMLInputElement>('input[type=file]')!,
    new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }),
  );
  await within(dialog).findByText('contract.pdf');
}

const renderContracts = () =>
  renderPage(
    <MemoryRouter>
      <ContractsPage />
    </MemoryRouter>,
    ['selection:contract:list', 'selection:contract:add'],
  );

async function openContractForm(user: ReturnType<typeof userEvent.setup>) {
  renderContracts();
  await user.click(await findButton(document.body, 'Record contract'));
  const drawer = await openedDrawer();
  await user.click(await findButton(drawer, 'Record contract'));
  return dialogTitled('Contract of School roof repair');
}

describe('the contract of an award (mandraw/improve)', () => {
  it('refuses a malformed amount and keeps it as typed; nothing is sent', async () => {
    const server = serve(DETAIL, () => ok());
    const user = userEvent.setup();
    const dialog = await openContractForm(user);
    const amount = within(dialog).getByLabelText('Contract amount (yuan)');
    // The award, as the form's starting amount.
    expect(amount).toHaveValue('3000000');
    await fill(user, amount, '12,34.5');
    await user.click(button(dialog, 'Review'));
    expect(
      await within(dialog).findByText(
        'Enter an amount in yuan above 0, in digits, with at most two decimals (e.g. 1234.50).',
      ),
    ).toBeInTheDocument();
    // Kept as typed: nothing rounded, clamped or dropped.
    expect(amount).toHaveValue('12,34.5');
    expect(await within(dialog).findByText('Attach the signed contract.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the contract number.')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
  });

  it('shows the amount in figures and capital numerals before it records it in fen', async () => {
    const server = serve(DETAIL, () => ok({ data: { projectId: 7, status: 'contracted' } }));
    const user = userEvent.setup();
    const dialog = await openContractForm(user);
    await fill(user, within(dialog).getByLabelText('Contract amount (yuan)'), '1,234,567.89');
    await fillContract(user, dialog, '2027-03-10');
    await user.click(button(dialog, 'Review'));

    const confirm = await within(dialog).findByTestId('contract-confirm');
    expect(within(confirm).getByTestId('contract-figures')).toHaveTextContent('¥1,234,567.89');
    expect(within(confirm).getByTestId('contract-words')).toHaveTextContent('壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分');
    expect(confirm).toHaveTextContent('2026-12-10 to 2027-03-10');
    expect(postsOf(server).filter((p) => p.path !== '/common/upload')).toHaveLength(0);

    await user.click(button(dialog, 'Confirm and record'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path.endsWith('/contract'))).toHaveLength(1));
    const [sent] = postsOf(server).filter((p) => p.path.endsWith('/contract'));
    expect(sent!.path).toBe('/api/results/7/contract');
    expect(sent!.body).toEqual(CONTRACT);
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The contract is recorded.')).toBeInTheDocument();
  });

  it('puts the server’s refusal of the amount under its field, back in the form', async () => {
    serve(DETAIL, () => ({ code: 500, msg: 'above the highest value limit', field: 'amountFen' }));
    const user = userEvent.setup();
    const dialog = await openContractForm(user);
    await fillContract(user, dialog, '2026-12-09');
    await user.click(button(dialog, 'Review'));
    expect(await within(dialog).findByText('The period ends on or after its start.')).toBeInTheDocument();
    await pickDate(user, within(dialog).getByLabelText('Period end'), '2027-01-09');
    await user.click(button(dialog, 'Review'));
    await user.click(await findButton(dialog, 'Confirm and record'));
    expect(await within(dialog).findByText('above the highest value limit')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Contract amount (yuan)')).toHaveValue('3000000');
  });

  it('offers no contract before the winner confirmed the award', async () => {
    serve({ ...DETAIL, winnerStatus: 'won' }, () => ok(), { ...ROW, winnerStatus: 'won' });
    const user = userEvent.setup();
    renderContracts();
    await user.click(await findButton(document.body, 'View'));
    const drawer = await openedDrawer();
    expect(await within(drawer).findByText(/The winner has not confirmed the award yet/)).toBeInTheDocument();
    expect(within(drawer).queryByText('Record contract')).toBeNull();
  });
});

describe('the acceptance of a contracted project (bidmanager/bidys)', () => {
  const CONTRACTED = {
    ...DETAIL,
    status: 'contracted',
    contract: {
      ...CONTRACT,
      recordedBy: 'Olivia Owner',
      recordedAt: '2026-12-03T04:00:00.000Z',
    },
  };

  it('requires remarks for a failed inspection, then records it after a confirmation', async () => {
    const server = serve(CONTRACTED, () => ok({ data: { projectId: 7, status: 'accepted' } }), {
      ...ROW,
      status: 'contracted',
    });
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <AcceptancePage />
      </MemoryRouter>,
      ['bid:acceptance:list', 'bid:acceptance:add'],
    );
    await user.click(await findButton(document.body, 'Record acceptance'));
    const drawer = await openedDrawer();
    expect(await within(drawer).findByText('HT-2026-001')).toBeInTheDocument();
    expect(within(drawer).getByText('壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分')).toBeInTheDocument();
    await user.click(button(drawer, 'Record acceptance'));
    const dialog = await dialogTitled('Acceptance of School roof repair');
    await pickDate(user, within(dialog).getByLabelText('Inspection date'), '2027-03-12');
    await user.click(within(dialog).getByLabelText('Failed'));
    await user.click(button(dialog, 'Review'));
    expect(
      await within(dialog).findByText('Say what failed the inspection (at least 2 characters).'),
    ).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Remarks'), 'Roof leaks at the north gutter');
    await user.click(button(dialog, 'Review'));
    expect(await within(dialog).findByTestId('acceptance-confirm')).toHaveTextContent('Failed');
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(dialog, 'Confirm and record'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/results/7/acceptance',
      body: { inspectedOn: '2027-03-12', conclusion: 'failed', remarks: 'Roof leaks at the north gutter', files: [] },
    });
  });
});
