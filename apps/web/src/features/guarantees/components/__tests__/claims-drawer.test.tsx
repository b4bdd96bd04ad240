import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/lib/session';
import { findButton, renderPage, stubServer } from '@/testing/render';
import { OrderDrawer } from '../order-parts';
import OrdersPage from '../orders-page';
import { CLAIM, claimDictAnswer } from './claims-fixtures';
import { ok, ORDER } from './fixtures';
import type { OrderRow } from '@/features/guarantees/api/orders';

const ISSUED: OrderRow = {
  ...ORDER,
  kind: 'bid',
  status: 'issued',
  letterNo: 'GL20261205000041',
  validFrom: '2026-12-05',
  validTo: '2027-06-03',
  issuedAt: '2026-12-05T02:00:00.000Z',
  bidDeadline: '2026-12-10T02:00:00.000Z',
};

const TIMELINE = [
  { id: 1, action: 'guarantee_order.create', actorName: 'Hana Hill', data: {}, createdAt: '2026-12-01T02:00:00.000Z' },
  {
    id: 2,
    action: 'guarantee_order.return_payment',
    actorName: 'Fay Finance',
    data: { reason: 'No transfer arrived' },
    createdAt: '2026-12-02T02:00:00.000Z',
  },
  {
    id: 3,
    action: 'guarantee_order.issue',
    actorName: 'Uma Underwriter',
    data: {},
    createdAt: '2026-12-05T02:00:00.000Z',
  },
  {
    id: 4,
    action: 'guarantee_order.letter',
    actorName: null,
    data: { letterNo: 'GL20261205000041', sha256: 'ab'.repeat(32) },
    createdAt: '2026-12-05T02:00:01.000Z',
  },
  {
    id: 5,
    action: 'guarantee_order.claim',
    actorName: 'Olivia Owner',
    data: { claimNo: CLAIM.claimNo },
    createdAt: '2026-12-15T02:00:00.000Z',
  },
];

function serve(detail: () => unknown) {
  return stubServer((url) => {
    const dict = claimDictAnswer(url);
    if (dict) return dict;
    if (url.pathname === '/api/guarantee/orders') return ok({ rows: [ISSUED], total: 1 });
    if (url.pathname === `/api/guarantee/orders/${ORDER.id}`) return detail();
    return ok({ data: [] });
  });
}

const renderOrders = () =>
  renderPage(
    <MemoryRouter>
      <OrdersPage />
    </MemoryRouter>,
    ['guarantee:order:list'],
  );

describe('the order drawer', () => {
  afterEach(() => sessionStore.set({ ...sessionStore.get(), user: null }));

  it("reads a supplier's own order from my-orders, without any prop", async () => {
    const server = stubServer((url) => {
      const dict = claimDictAnswer(url);
      if (dict) return dict;
      if (url.pathname === `/api/guarantee/my-orders/${ORDER.id}`)
        return ok({ data: { ...ISSUED, timeline: TIMELINE.slice(0, 1), claims: [] } });
      return ok({ data: [] });
    });
    sessionStore.set({
      ...sessionStore.get(),
      user: { types: 1 } as unknown as NonNullable<ReturnType<typeof sessionStore.get>['user']>,
    });
    renderPage(<OrderDrawer order={ISSUED} onClose={() => undefined} />, ['web:order:list']);
    expect(await within(await screen.findByTestId('order-timeline')).findByText('Order created')).toBeInTheDocument();
    const paths = server.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(paths).toContain(`/api/guarantee/my-orders/${ORDER.id}`);
    expect(paths).not.toContain(`/api/guarantee/orders/${ORDER.id}`);
  });

  it('shows the timeline, coloured by step, and the claims on the letter', async () => {
    const server = serve(() => ok({ data: { ...ISSUED, timeline: TIMELINE, claims: [CLAIM] } }));
    const user = userEvent.setup();
    renderOrders();
    await user.click(await findButton(document.body, 'View'));
    const timeline = await screen.findByTestId('order-timeline');
    expect(await within(timeline).findByText('Order created')).toBeInTheDocument();
    expect(within(timeline).getByText('Payment returned')).toBeInTheDocument();
    expect(within(timeline).getByText('Reason: No transfer arrived')).toBeInTheDocument();
    expect(within(timeline).getByText('Letter issued')).toBeInTheDocument();
    expect(within(timeline).getByText('Letter no. GL20261205000041')).toBeInTheDocument();
    expect(within(timeline).getByText('Claim no. GC20261215000009')).toBeInTheDocument();
    const items = timeline.querySelectorAll('.ant-timeline-item');
    expect(items).toHaveLength(5);
    expect(items[1]!.className).toMatch(/red/);
    expect(items[2]!.className).toMatch(/green/);

    const claims = screen.getByTestId('order-claims');
    expect(within(claims).getByText('GC20261215000009')).toBeInTheDocument();
    expect(within(claims).getByText('¥12,345.50')).toBeInTheDocument();
    expect(await within(claims).findByText('Filed')).toBeInTheDocument();
    expect(within(claims).getByText('The bidder withdrew after the deadline')).toBeInTheDocument();
    expect(within(claims).getByText('withdrawal-letter.pdf')).toBeInTheDocument();
    // the staff's detail call, not the supplier's
    expect(server.mock.calls.some(([input]) => String(input).includes(`/api/guarantee/orders/${ORDER.id}`))).toBe(true);
  });

  it('says when the detail could not be loaded, and keeps the order facts', async () => {
    serve(() => ({ code: 500, msg: 'database away' }));
    const user = userEvent.setup();
    renderOrders();
    await user.click(await findButton(document.body, 'View'));
    expect(await screen.findByTestId('order-detail-error')).toHaveTextContent(
      'The timeline and claims of this order could not be loaded.',
    );
    // the order's own facts stay
    expect(within(screen.getByTestId('order-detail')).getByText('GL20261205000041')).toBeInTheDocument();
  });

  it('shows an empty claims list', async () => {
    serve(() => ok({ data: { ...ISSUED, timeline: TIMELINE.slice(0, 1), claims: [] } }));
    const user = userEvent.setup();
    renderOrders();
    await user.click(await findButton(document.body, 'View'));
    await waitFor(() => expect(screen.getByTestId('order-claims')).toHaveTextContent('No claims on this letter.'));
  });
});
