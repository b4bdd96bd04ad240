import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ConfirmSignPage from '../confirm-sign-page';
import {
  answering,
  CONFIRMATION,
  fill,
  modalOf,
  openResultPage,
  PAGE_FLOW_MS,
  renderAt,
  RESULT,
  ROW,
  serveResult,
} from './fixtures';

const OWNER = ['selection:confirm:list', 'selection:confirm:sign'];

describe('confirming and signing a result', { timeout: PAGE_FLOW_MS }, () => {
  it('opens on the results waiting for confirmation', async () => {
    const server = serveResult(ROW, () => RESULT);
    renderAt(<ConfirmSignPage />, OWNER);
    expect(await screen.findByText('Canal lighting')).toBeInTheDocument();
    expect(server.lists('/api/results')[0]!.searchParams.get('status')).toBe('result_pending');
  });

  it('asks with the winner and the amount in figures and capital numerals, signs, then shows the confirmation to print', async () => {
    let signed = false;
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { server, user, detail } = await openResultPage(
      <ConfirmSignPage />,
      OWNER,
      ROW,
      () => (signed ? { ...RESULT, status: 'result_audit', confirmation: CONFIRMATION } : RESULT),
      (call) => {
        if (call.url.pathname !== '/api/results/9/confirm') return undefined;
        signed = true;
        return { code: 200, msg: 'result confirmed and signed', data: CONFIRMATION };
      },
    );
    expect(within(detail).getByText('Proposed winner')).toBeInTheDocument();
    expect(within(detail).getByText('The owner has not confirmed and signed this result yet.')).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: /Confirm and sign/ }));
    const summary = await screen.findByTestId('sign-summary');
    expect(within(summary).getByText('Hill Builders')).toBeInTheDocument();
    const amount = within(summary).getByTestId('sign-amount');
    expect(amount).toHaveTextContent('¥25,000.00');
    expect(amount).toHaveTextContent('贰万伍仟元整');
    expect(server.writes()).toEqual([]);

    const modal = summary.closest<HTMLElement>('.ant-modal')!;
    await user.click(within(modal).getByRole('button', { name: 'Confirm and sign' }));
    const confirmation = await screen.findByTestId('result-confirmation');
    const [write] = server.writes();
    expect(write).toMatchObject({ method: 'POST', path: '/api/results/9/confirm' });
    expect(write!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(confirmation).getByText('olivia.owner')).toBeInTheDocument();
    expect(
      within(confirmation).getByText('2026-12-03 10:05 (Asia/Shanghai); UTC 2026-12-03T02:05:31.000Z'),
    ).toBeInTheDocument();
    expect(within(confirmation).getByText(CONFIRMATION.hash)).toBeInTheDocument();
    expect(within(confirmation).getByText(CONFIRMATION.canonical)).toBeInTheDocument();
    expect(within(confirmation).getByText(CONFIRMATION.rule)).toBeInTheDocument();
    expect(within(confirmation).getByText('贰万伍仟元整')).toBeInTheDocument();
    // Signed, the result waits for the auditor: nothing more to sign.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('result-actions')).queryByRole('button', { name: /Confirm and sign/ }),
      ).toBeNull(),
    );
    await user.click(within(confirmation).getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('after the winner declined, asks before failing the project with the reason', async () => {
    const declined = {
      ...RESULT,
      status: 'awarded',
      winnerApplicationId: null,
      confirmation: CONFIRMATION,
      ranking: RESULT.ranking.map((l) => (l.applicationId === 31 ? { ...l, status: 'declined' } : l)),
    };
    const { server, user, detail } = await openResultPage(
      <ConfirmSignPage />,
      OWNER,
      { ...ROW, status: 'awarded' },
      () => declined,
      answering('/api/results/9/declined', { projectId: 9, status: 'failed' }),
    );
    expect(within(detail).getByText(/The winner declined the award/)).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: /Choose after the decline/ }));
    const dialog = modalOf(
      await screen.findByText('The winner declined the award. Choose where the result goes and give the reason.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose where the result goes.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the reason (2 to 1000 characters).')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Nowhere: the project fails'));
    await fill(user, within(dialog).getByLabelText('Reason'), 'Nobody else is fit for the works.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const question = await screen.findByText('Fail the project? Its failure is published and cannot be undone.');
    expect(server.writes()).toEqual([]);
    await user.click(within(question.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(server.writes()).toMatchObject([
        {
          path: '/api/results/9/declined',
          body: { choice: 'fail', reason: 'Nobody else is fit for the works.' },
        },
      ]),
    );
    expect(await screen.findByText('The project has failed.')).toBeInTheDocument();
  });
});
