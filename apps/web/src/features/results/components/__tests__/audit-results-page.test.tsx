import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AuditResultsPage from '../audit-results-page';
import ManageResultsPage from '../manage-results-page';
import {
  answering,
  CONFIRMATION,
  fill,
  IN_PUBLICITY,
  modalOf,
  OBJECTION,
  openResultPage,
  PAGE_FLOW_MS,
  RESULT,
  ROW,
} from './fixtures';

const AUDITOR = ['audit:result:list', 'audit:result:approve', 'audit:result:reject'];
const OWNER = ['selection:result:list', 'selection:confirm:list', 'selection:confirm:sign'];

const IN_AUDIT = { ...RESULT, status: 'result_audit', confirmation: CONFIRMATION };
const OBJECTED = { ...IN_PUBLICITY, objections: [OBJECTION] };

describe('the auditor’s result pages', { timeout: PAGE_FLOW_MS }, () => {
  it('open on the results waiting for audit; a return needs a reason and sends it', async () => {
    const { server, user, detail } = await openResultPage(
      <AuditResultsPage />,
      AUDITOR,
      { ...ROW, status: 'result_audit' },
      () => IN_AUDIT,
      answering('/api/results/9/return', { projectId: 9, status: 'result_pending' }),
    );
    expect(server.lists('/api/results')[0]!.searchParams.get('status')).toBe('result_audit');
    expect(within(detail).queryByRole('button', { name: /Confirm and sign/ })).toBeNull();
    expect(within(detail).getByRole('button', { name: /Approve for publicity/ })).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: /Return/ }));
    const dialog = modalOf(await screen.findByText(`Return the result of ${ROW.code} ${ROW.name} to the owner`));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await fill(user, within(dialog).getByLabelText('Reason'), 'The price sheet is not signed.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(server.writes()).toMatchObject([
        { path: '/api/results/9/return', body: { reason: 'The price sheet is not signed.' } },
      ]),
    );
    expect(server.writes()[0]!.key).toBeTruthy();
    expect(await screen.findByText('The result is returned to the owner.')).toBeInTheDocument();
  });

  it('approves into publicity after a confirmation naming the winner and the amount', async () => {
    const { server, user, detail } = await openResultPage(
      <AuditResultsPage />,
      AUDITOR,
      { ...ROW, status: 'result_audit' },
      () => IN_AUDIT,
      answering('/api/results/9/approve', { projectId: 9, status: 'publicity' }),
    );
    await user.click(within(detail).getByRole('button', { name: /Approve for publicity/ }));
    const question = await screen.findByText(/\(winner Hill Builders, ¥25,000\.00\)/);
    await user.click(within(modalOf(question)).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.writes()).toMatchObject([{ path: '/api/results/9/approve' }]));
  });

  it('upholding an objection requires where the result goes, and asks before sending it', async () => {
    const { server, user, detail } = await openResultPage(
      <AuditResultsPage />,
      AUDITOR,
      { ...ROW, status: 'publicity', openObjections: 1 },
      () => OBJECTED,
      answering('/api/results/9/objections/70/decide', { id: 70, status: 'upheld' }),
    );
    expect(within(detail).getByText(/An undecided objection holds the publicity/)).toBeInTheDocument();
    const objection = within(detail).getByTestId('objection-70');
    expect(within(objection).getByText(OBJECTION.reason)).toBeInTheDocument();
    // Answering is the owner's.
    expect(within(objection).queryByRole('button', { name: /Answer/ })).toBeNull();

    await user.click(within(objection).getByRole('button', { name: /Decide/ }));
    const dialog = modalOf(await screen.findByText('Decide the objection of River Works'));
    await user.click(within(dialog).getByLabelText('Uphold: the result is void'));
    await fill(user, within(dialog).getByLabelText('Reason'), 'The opening misread the price.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose where the result goes.')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.click(within(dialog).getByLabelText('To the next valid bidder in rank'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const question = await screen.findByText(
      'Uphold the objection of River Works? The result is void and goes to the next valid bidder in rank.',
    );
    expect(server.writes()).toEqual([]);
    await user.click(within(modalOf(question)).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(server.writes()).toMatchObject([
        {
          path: '/api/results/9/objections/70/decide',
          body: { decision: 'uphold', reason: 'The opening misread the price.', choice: 'next' },
        },
      ]),
    );
    expect(await screen.findByText('The objection is upheld.')).toBeInTheDocument();
  });

  it('dismissing sends no choice', async () => {
    const { server, user, detail } = await openResultPage(
      <AuditResultsPage />,
      AUDITOR,
      { ...ROW, status: 'publicity', openObjections: 1 },
      () => OBJECTED,
      (call) =>
        call.method === 'POST'
          ? { code: 200, msg: 'objection dismissed', data: { id: 70, status: 'dismissed' } }
          : undefined,
    );
    await user.click(within(within(detail).getByTestId('objection-70')).getByRole('button', { name: /Decide/ }));
    const dialog = modalOf(await screen.findByText('Decide the objection of River Works'));
    await user.click(within(dialog).getByLabelText('Dismiss: the result stands'));
    expect(within(dialog).queryByText('The result goes')).toBeNull();
    await fill(user, within(dialog).getByLabelText('Reason'), 'The price was read right.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const question = await screen.findByText('Dismiss the objection of River Works? The result stands.');
    await user.click(within(modalOf(question)).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ body: { decision: 'dismiss', reason: 'The price was read right.' } }),
      ]),
    );
  });
});

describe('the owner answering an objection', { timeout: PAGE_FLOW_MS }, () => {
  it('shows the server’s refusal under the answer field, then sends the corrected answer', async () => {
    let tries = 0;
    const { server, user, detail } = await openResultPage(
      <ManageResultsPage />,
      OWNER,
      { ...ROW, status: 'publicity', openObjections: 1 },
      () => OBJECTED,
      (call) => {
        if (call.url.pathname !== '/api/results/9/objections/70/answer') return undefined;
        tries += 1;
        return tries === 1
          ? { code: 400, msg: 'the answer must name the opening record', field: 'answer' }
          : { code: 200, msg: 'objection answered', data: { id: 70, status: 'answered' } };
      },
    );
    const objection = within(detail).getByTestId('objection-70');
    expect(within(objection).queryByRole('button', { name: /Decide/ })).toBeNull();
    await user.click(within(objection).getByRole('button', { name: /Answer/ }));
    const dialog = modalOf(await screen.findByText('Answer the objection of River Works'));
    await fill(user, within(dialog).getByLabelText('Owner’s answer'), 'The price was read as written.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('the answer must name the opening record')).toBeInTheDocument();
    // Under its field only: no toast repeats it.
    expect(screen.getAllByText('the answer must name the opening record')).toHaveLength(1);

    await fill(user, within(dialog).getByLabelText('Owner’s answer'), ' See the opening record.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The answer is sent.')).toBeInTheDocument();
    expect(server.writes().map((w) => w.body)).toEqual([
      { answer: 'The price was read as written.' },
      { answer: 'The price was read as written. See the opening record.' },
    ]);
  });
});
