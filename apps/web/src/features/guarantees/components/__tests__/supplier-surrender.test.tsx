import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import MyGuaranteesPage from '../my-guarantees-page';
import MyOrdersPage from '../my-orders-page';
import { surrenderable } from '../supplier-surrender';
import { dialogTitled, dictAnswer, fill, ok, ORDER } from './fixtures';

/** An issued bid letter whose project's bid deadline is still ahead. */
const ISSUED = {
  ...ORDER,
  status: 'issued',
  letterNo: 'BG20261201000041',
  validFrom: '2026-12-01',
  validTo: '2027-05-30',
  issuedAt: '2026-12-01T03:00:00.000Z',
  bidDeadline: '2999-12-10T02:00:00.000Z',
};

function serve(order: Record<string, unknown> = {}) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return ok({ data: { ...ISSUED, status: 'surrendered', timeline: [], claims: [] } });
    if (url.pathname === '/api/guarantee/my-orders' || url.pathname === '/api/guarantee/my-letters')
      return ok({ rows: [{ ...ISSUED, ...order }], total: 1 });
    return ok({ data: [] });
  });
}

const renderOrders = (permissions = ['web:order:list', 'web:order:add', 'web:order:cancel']) =>
  renderPage(
    <MemoryRouter>
      <MyOrdersPage />
    </MemoryRouter>,
    permissions,
  );

describe('surrendering an issued bid letter', () => {
  it('is offered only for an issued bid letter before the bid deadline', () => {
    const now = Date.parse('2026-12-05T00:00:00.000Z');
    const deadline = '2026-12-10T02:00:00.000Z';
    expect(surrenderable({ status: 'issued', kind: 'bid', bidDeadline: deadline }, now)).toBe(true);
    expect(surrenderable({ status: 'issued', kind: 'performance', bidDeadline: deadline }, now)).toBe(false);
    expect(surrenderable({ status: 'released', kind: 'bid', bidDeadline: deadline }, now)).toBe(false);
    expect(surrenderable({ status: 'issued', kind: 'bid', bidDeadline: deadline }, Date.parse(deadline))).toBe(false);
  });

  it('asks for the reason, states that it cannot be undone, and posts it under an Idempotency-Key', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderOrders();
    await user.click(await findButton(document.body, 'Surrender'));
    const dialog = await dialogTitled('Surrender letter BG20261201000041');
    expect(dialog).toHaveTextContent('stops guaranteeing your bid for School roof repair');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(within(dialog).getByTestId('surrender-amount-figures')).toHaveTextContent('¥50,000.00');
    expect(within(dialog).getByTestId('surrender-amount-words')).toHaveTextContent('伍万元整');
    await user.click(button(dialog, 'Surrender the letter'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await fill(user, within(dialog).getByLabelText('Reason'), 'We withdraw from the bid.');
    await user.click(button(dialog, 'Surrender the letter'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/orders/41/surrender',
      body: { reason: 'We withdraw from the bid.' },
    });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The letter is surrendered.')).toBeInTheDocument();
  });

  it('is not offered for another kind, after the deadline, or without the permission', async () => {
    serve({ kind: 'performance' });
    const { unmount } = renderOrders();
    await screen.findAllByText('School roof repair');
    expect(screen.queryByText('Surrender')).toBeNull();
    unmount();

    serve({ bidDeadline: '2020-01-01T00:00:00.000Z' });
    const second = renderOrders();
    await screen.findAllByText('School roof repair');
    expect(screen.queryByText('Surrender')).toBeNull();
    second.unmount();

    serve();
    renderOrders(['web:order:list', 'web:order:add']);
    await screen.findAllByText('School roof repair');
    expect(screen.queryByText('Surrender')).toBeNull();
  });

  it('is offered in the drawer of the order too', async () => {
    serve();
    const user = userEvent.setup();
    renderOrders();
    await user.click(await findButton(document.body, 'View'));
    const detail = await screen.findByTestId('order-detail');
    await user.click(button(detail, 'Surrender'));
    expect(await dialogTitled('Surrender letter BG20261201000041')).toBeInTheDocument();
  });

  it('is offered on My guarantees, in Chinese too', async () => {
    await setLanguage('zh-CN');
    const server = serve();
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <MyGuaranteesPage />
      </MemoryRouter>,
      ['web:guarantee:list', 'web:order:cancel'],
    );
    await user.click(await findButton(document.body, '退保'));
    const dialog = await dialogTitled('退保：保函 BG20261201000041');
    expect(dialog).toHaveTextContent('退保后不可撤销');
    await fill(user, within(dialog).getByLabelText('退保原因'), '项目取消投标');
    await user.click(button(dialog, '确认退保'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/orders/41/surrender',
      body: { reason: '项目取消投标' },
    });
  });
});
