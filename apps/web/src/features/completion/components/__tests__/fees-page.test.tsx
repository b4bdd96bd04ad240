import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import FeesPage from '../fees-page';
import { DETAIL, FEE, ok, openedDrawer } from './fixtures';

const FEE_ROW = { ...FEE, code: DETAIL.code, name: DETAIL.name, ownerName: 'Demo Owner' };
delete (FEE_ROW as Partial<typeof FEE>).bands;

function serve(onPost: () => unknown = () => ok({ data: { id: 5, status: 'confirmed' } })) {
  return stubServer((url, init) => {
    if (init?.method === 'POST') return onPost();
    if (url.pathname === '/api/fees') return ok({ rows: [FEE_ROW], total: 1 });
    if (url.pathname === '/api/results/7/completion') return ok({ data: DETAIL });
    return ok({ data: [] });
  });
}

const renderFees = (permissions = ['selection:fee:list', 'selection:fee:confirm']) =>
  renderPage(
    <MemoryRouter>
      <FeesPage />
    </MemoryRouter>,
    permissions,
  );

describe('the service fees (mandraw/fee)', () => {
  it('shows the fee band by band, and finance confirms the payment after a confirmation', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderFees();
    await user.click(await findButton(document.body, 'View'));
    const drawer = await openedDrawer();
    const bands = await within(drawer).findByTestId('fee-bands');
    expect(bands).toHaveTextContent('¥0.00 to ¥1,000,000.00');
    expect(bands).toHaveTextContent('1%');
    expect(bands).toHaveTextContent('0.7%');
    expect(bands).toHaveTextContent('¥2,000,000.00');
    expect(bands).toHaveTextContent('¥14,000.00');
    expect(bands).toHaveTextContent('Service fee (rounded to the fen)¥24,000.00');
    expect(within(drawer).getByTestId('fee-facts')).toHaveTextContent(`${'a1'.repeat(16)}.pdf`);
    await user.click(button(drawer, 'Confirm payment'));
    expect(
      await screen.findByText(
        'Confirm that ¥24,000.00 from Hill Builders for School roof repair has arrived? The award notice is issued at once.',
      ),
    ).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    const dialog = screen.getByText(/has arrived\?/).closest<HTMLElement>('.ant-modal')!;
    await user.click(button(dialog, 'Confirm payment'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/fees/5/confirm' });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The payment is confirmed.')).toBeInTheDocument();
  });

  it('rejects a voucher only with a reason', async () => {
    const server = serve(() => ok({ data: { id: 5, status: 'rejected' } }));
    const user = userEvent.setup();
    renderFees();
    await user.click(await findButton(document.body, 'Reject voucher'));
    const dialog = (await screen.findByText('Reject the voucher of Hill Builders')).closest<HTMLElement>('.ant-modal')!;
    await user.click(button(dialog, 'Confirm'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('The amount on the voucher is ¥2,400.00');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/fees/5/reject',
      body: { reason: 'The amount on the voucher is ¥2,400.00' },
    });
  });

  it('offers no decision without the finance permission', async () => {
    serve();
    renderFees(['selection:fee:list']);
    expect(await screen.findByText('School roof repair')).toBeInTheDocument();
    expect(screen.queryByText('Reject voucher')).toBeNull();
    expect(screen.queryByText('Confirm payment')).toBeNull();
  });
});
