import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@/shared/lib/session';
import { renderPage, stubServer } from '@/testing/render';
import { DashboardPage } from '../dashboard-page';
import { dictAnswer, EMPLOYEE, ok, SUPPLIER, SUPPLIER_MENUS } from './fixtures';

const month = (m: number) => `2026-${String(m).padStart(2, '0')}`;
const DASHBOARD = {
  waiting: [
    { kind: 'project_audits', count: 3, path: '/item/nocheck' },
    { kind: 'openings_today', count: 1, path: '/mandraw/opening' },
    { kind: 'claims_open', count: 0, path: '/manager/gl' },
  ],
  projects: {
    byStatus: [
      { status: 'published', count: 4 },
      { status: 'evaluating', count: 2 },
      { status: 'awarded', count: 0 },
    ],
    byType: [{ typeId: 1, name: 'Construction', nameZh: '施工', count: 5 }],
    byPlace: [{ placeId: 11, name: 'Gulou District', nameZh: '鼓楼区', count: 6 }],
    byMonth: [
      { month: month(4), published: 2, awarded: 0 },
      { month: month(5), published: 7, awarded: 3 },
    ],
  },
  awards: {
    count: 3,
    budget: 150_000_000,
    awarded: 123_450_000,
    savings: 26_550_000,
    byMonth: [{ month: month(5), budget: 150_000_000, awarded: 123_450_000 }],
  },
  guarantees: null,
};

function serve(answers: { dashboard?: unknown; supplierHome?: unknown }) {
  return stubServer((url) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (url.pathname === '/api/stats/dashboard') return ok({ data: answers.dashboard });
    if (url.pathname === '/api/stats/supplier-home') return ok({ data: answers.supplierHome });
    if (url.pathname === '/api/notices/mine') return ok({ rows: [], total: 0 });
    return ok({ data: null });
  });
}

function renderHome(user: typeof EMPLOYEE | typeof SUPPLIER, menus = sessionStore.get().menus) {
  sessionStore.set({ ...sessionStore.get(), user, menus });
  return renderPage(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

afterEach(() => sessionStore.set({ ...sessionStore.get(), user: null, menus: [] }));

describe('the admin home of an employee', () => {
  it('lists what waits, each with its count and a link to the page that handles it', async () => {
    serve({ dashboard: DASHBOARD });
    renderHome(EMPLOYEE);
    const waiting = await screen.findByTestId('home-waiting');
    const audits = await within(waiting).findByTestId('waiting-project_audits');
    expect(audits).toHaveAttribute('href', '/item/nocheck');
    expect(audits).toHaveTextContent('3');
    expect(audits).toHaveTextContent('Projects to audit');
    expect(within(waiting).getByTestId('waiting-openings_today')).toHaveAttribute('href', '/mandraw/opening');
    // Nothing waits of a kind whose count is 0.
    expect(within(waiting).queryByTestId('waiting-claims_open')).toBeNull();
    expect(within(waiting).queryByText('Nothing waits for you')).toBeNull();
  });

  it('draws each chart with its figures, also as a table behind "Show figures"', async () => {
    serve({ dashboard: DASHBOARD });
    const user = userEvent.setup();
    renderHome(EMPLOYEE);
    const chart = await screen.findByTestId('chart-by-month');
    const svg = chart.querySelector('svg[role="img"]')!;
    expect(svg).not.toBeNull();
    // The image is named and described by the same figures.
    expect(svg.querySelector('title')).toHaveTextContent('Projects by month');
    expect(svg.querySelector('desc')).toHaveTextContent('May 2026: Published 7, Awarded 3');
    expect(svg.querySelectorAll('rect')).toHaveLength(4);

    const toggle = within(chart).getByText('Show figures').closest('button')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(chart.querySelector('table')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = within(chart).getByRole('table', { name: 'Projects by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Month', 'Published', 'Awarded'],
      ['April 2026', '2', '0'],
      ['May 2026', '7', '3'],
    ]);
    await user.click(within(chart).getByText('Hide figures'));
    expect(chart.querySelector('table')).toBeNull();

    // Counts by status: the statuses with projects, by their names.
    const byStatus = screen.getByTestId('chart-by-status');
    expect(byStatus.querySelector('desc')).toHaveTextContent('Published: 4; Evaluating: 2');

    // The awards in yuan, with capital numerals on hover.
    expect(screen.getByTestId('award-budget')).toHaveTextContent('¥1,500,000.00');
    expect(screen.getByTestId('award-savings')).toHaveAttribute('data-words', '贰拾陆万伍仟伍佰元整');
    const awardsTable = within(screen.getByTestId('chart-awards-by-month'));
    await user.click(awardsTable.getByText('Show figures'));
    expect(awardsTable.getByRole('table')).toHaveTextContent('¥1,234,500.00');
    // No guarantee figures for those who may not see them.
    expect(screen.queryByTestId('home-guarantees')).toBeNull();
  });

  it('says so when nothing waits, and shows an empty chart as such', async () => {
    serve({
      dashboard: {
        ...DASHBOARD,
        waiting: [],
        projects: { ...DASHBOARD.projects, byType: [] },
      },
    });
    renderHome(EMPLOYEE);
    const waiting = await screen.findByTestId('home-waiting');
    expect(within(waiting).getByText('Nothing waits for you')).toBeInTheDocument();
    expect(within(waiting).queryAllByRole('link')).toHaveLength(0);
    const byType = await screen.findByTestId('chart-by-type');
    expect(byType.querySelector('svg[role="img"]')).toBeNull();
    expect(within(byType).getByText('No figures yet')).toBeInTheDocument();
    expect(within(byType).queryByText('Show figures')).toBeNull();
  });
});

describe('the admin home of a supplier', () => {
  it('counts its applications, bids, results, orders and notices, each card linking to its page', async () => {
    serve({
      supplierHome: {
        applications: {
          total: 5,
          byStatus: [
            { status: 'pending_check', count: 2 },
            { status: 'won', count: 3 },
          ],
        },
        bids: { sealed: 1, submitted: 4 },
        results: { won: 3, notWon: 2 },
        orders: { total: 2, byStatus: [{ status: 'issued', count: 2 }] },
        unreadNotices: 7,
        upcoming: [
          {
            projectId: 31,
            projectCode: 'LV20260501000031',
            projectName: 'Bridge inspection',
            model: 2,
            bidDeadline: '2026-06-01T02:00:00.000Z',
            openingAt: '2026-06-01T06:30:00.000Z',
          },
        ],
      },
    });
    renderHome(SUPPLIER, SUPPLIER_MENUS);
    const applications = await screen.findByTestId('home-applications');
    expect(applications).toHaveTextContent('5');
    expect(within(applications).getByText('Won').closest('.admin-home-card__status')).toHaveTextContent(/^Won3$/);
    expect(within(applications).getByRole('link', { name: 'Open: My applications' })).toHaveAttribute(
      'href',
      '/web/project',
    );
    const bids = screen.getByTestId('home-bids');
    expect(bids).toHaveTextContent('Sealed, unopened1');
    expect(bids).toHaveTextContent('Bids submitted4');
    expect(within(bids).getByRole('link', { name: 'Price competition' })).toHaveAttribute('href', '/web/bidding2');
    // Not in this supplier's menu: no link to it.
    expect(within(bids).queryByRole('link', { name: 'Best-value bids' })).toBeNull();
    const results = screen.getByTestId('home-results');
    expect(results).toHaveTextContent('Won3');
    expect(results).toHaveTextContent('Not won2');
    const orders = screen.getByTestId('home-orders');
    expect(within(orders).getByText('Issued').closest('.admin-home-card__status')).toHaveTextContent(/^Issued2$/);
    expect(within(orders).getByRole('link')).toHaveAttribute('href', '/orders/order');
    const unread = screen.getByTestId('home-unread');
    expect(unread).toHaveTextContent('7');
    expect(within(unread).getByRole('link')).toHaveAttribute('href', '/mine/supPub');
    const upcoming = screen.getByTestId('home-upcoming');
    expect(within(upcoming).getByRole('link', { name: 'Bridge inspection' })).toHaveAttribute(
      'href',
      '/iteminfo?id=31',
    );
    expect(upcoming).toHaveTextContent('2026-06-01 10:00');
    expect(upcoming).toHaveTextContent('2026-06-01 14:30');
    // An employee's figures are not asked for.
    await waitFor(() => expect(screen.queryByTestId('home-waiting')).toBeNull());
  });
});
