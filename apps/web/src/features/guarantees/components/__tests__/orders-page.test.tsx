import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import OrdersPage from '../orders-page';
import { dialogTitled, dictAnswer, fill, ok, ORDER } from './fixtures';

function serve(order: Record<string, unknown>) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return ok({ data: { id: ORDER.id } });
    if (url.pathname === '/api/guarantee/orders') return ok({ rows: [{ ...ORDER, ...order }], total: 1 });
    return ok({ data: [] });
  });
}

const FINANCE = ['guarantee:order:list', 'guarantee:order:payment'];
const UNDERWRITER = ['guarantee:order:list', 'guarantee:order:underwrite'];

const renderOrders = (permissions: string[]) =>
  renderPage(
    <MemoryRouter>
      <OrdersPage />
    </MemoryRouter>,
    permissions,
  );

describe('the guarantee orders of staff (order/index)', () => {
  it('lets finance confirm a payment after a confirmation naming company and premium', async () => {
    const server = serve({ status: 'awaiting_payment', voucher: `${'c3'.repeat(16)}.pdf` });
    const user = userEvent.setup();
    renderOrders(FINANCE);
    expect(await screen.findByText('School roof repair')).toBeInTheDocument();
    expect(screen.queryByText('Issue letter')).toBeNull();
    await user.click(await findButton(document.body, 'Confirm payment'));
    const text = await screen.findByText(
      'Confirm that the premium of ¥250.00 from Hill Builders for order GO20261201000041 has arrived?',
    );
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(text.closest<HTMLElement>('.ant-modal')!, 'Confirm payment'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/guarantee/orders/41/confirm-payment' });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The payment is confirmed.')).toBeInTheDocument();
  });

  it('returns a payment only with a reason', async () => {
    const server = serve({ status: 'awaiting_payment' });
    const user = userEvent.setup();
    renderOrders(FINANCE);
    await user.click(await findButton(document.body, 'Return payment'));
    const dialog = await dialogTitled('Return the payment of Hill Builders');
    await user.click(button(dialog, 'Confirm'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await fill(user, within(dialog).getByLabelText('Reason'), 'No transfer of ¥250.00 arrived');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/orders/41/return-payment',
      body: { reason: 'No transfer of ¥250.00 arrived' },
    });
  });

  it('refuses a refund above the premium on its field, and shows the refund in capital numerals', async () => {
    const server = serve({ status: 'underwriting' });
    const user = userEvent.setup();
    renderOrders(UNDERWRITER);
    expect(await findButton(document.body, 'Issue letter')).toBeInTheDocument();
    expect(screen.queryByText('Confirm payment')).toBeNull();
    await user.click(await findButton(document.body, 'Reject'));
    const dialog = await dialogTitled('Reject order GO20261201000041 of Hill Builders');
    await fill(user, within(dialog).getByLabelText('Reason'), 'The project owner is not covered');
    await fill(user, within(dialog).getByLabelText('Refund of the premium (¥)'), '250.01');
    await user.click(button(dialog, 'Reject'));
    expect(
      await within(dialog).findByText('Enter an amount from ¥0.00 to ¥250.00 with at most two decimals.'),
    ).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Refund of the premium (¥)'), '200.5');
    expect(await within(dialog).findByTestId('refund-words')).toHaveTextContent('贰佰元伍角整');
    expect(within(dialog).getByTestId('refund-figures')).toHaveTextContent('¥200.50');
    await user.click(button(dialog, 'Reject'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/orders/41/reject',
      body: { reason: 'The project owner is not covered', refundFen: 20_050 },
    });
  });
});
