import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { stubServer } from '@/testing/render';
import { ProjectResultSection } from '../project-result';
import { ResultsPage } from '../results-page';

const ROW = {
  projectId: 18,
  code: 'LV20261125000018',
  name: 'Survey of the ancient bridge',
  ownerName: 'Demo Owner',
  model: 2,
  status: 'awarded',
  winnerName: 'Hill Builders',
  amountFen: 123_456_78,
  publicityEndsAt: '2026-11-30T16:00:00.000Z',
  objections: 'none',
  failedReason: null,
  since: '2026-12-01T02:30:00.000Z',
};

function renderAt(path: string, element = <ResultsPage />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/resultpub', element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the public results page', () => {
  it('lists the results of the kind in the URL, each row linking to its project page', async () => {
    const server = stubServer(() => ({ code: 200, msg: 'ok', rows: [ROW], total: 1 }));
    renderAt('/resultpub?kind=awarded&keyword=bridge');
    const row = await screen.findByTestId('result-row');
    const call = new URL(String(server.mock.calls[0]![0]), 'http://localhost');
    expect(call.pathname).toBe('/api/public/results');
    expect(Object.fromEntries(call.searchParams)).toEqual({
      kind: 'awarded',
      keyword: 'bridge',
      pageNum: '1',
      pageSize: '20',
    });
    // No token: a public call.
    expect(new Headers((server.mock.calls[0]![1] as RequestInit).headers).get('Authorization')).toBeNull();
    expect(row).toHaveAttribute('href', '/iteminfo?id=18');
    expect(row).toHaveTextContent('Survey of the ancient bridge');
    expect(row).toHaveTextContent('¥123,456.78');
    expect(row).toHaveTextContent('Winner: Hill Builders');
    // Times in the platform's zone (Asia/Shanghai).
    expect(row).toHaveTextContent('Awarded: 2026-12-01 10:30');
    expect(row).toHaveTextContent('Publicity ends: 2026-12-01 00:00');
    const tabs = screen.getByRole('navigation', { name: 'Kinds of result' });
    expect(within(tabs).getByRole('link', { name: 'Awarded' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'In publicity' })).toHaveAttribute(
      'href',
      '/resultpub?kind=publicity&keyword=bridge',
    );
    expect(screen.getByText('Total 1')).toBeInTheDocument();
  });

  it('marks an open objection in publicity, and shows a failed project’s reason', async () => {
    stubServer((url) =>
      url.searchParams.get('kind') === 'failed'
        ? {
            code: 200,
            msg: 'ok',
            rows: [{ ...ROW, status: 'failed', winnerName: null, amountFen: null, failedReason: 'Too few bids' }],
            total: 1,
          }
        : { code: 200, msg: 'ok', rows: [{ ...ROW, status: 'publicity', objections: 'open' }], total: 1 },
    );
    const router = renderAt('/resultpub');
    const row = await screen.findByTestId('result-row');
    expect(within(row).getByText('Under review: publicity continues until it is decided')).toBeInTheDocument();
    expect(row).toHaveTextContent('Publicity since: 2026-12-01 10:30');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Failed' }));
    expect(router.state.location.search).toBe('?kind=failed');
    expect(await screen.findByText(/Reason: Too few bids/)).toBeInTheDocument();
    expect(screen.getByTestId('result-row')).not.toHaveTextContent('¥');
  });

  it('says when a kind has no result, in both languages', async () => {
    stubServer(() => ({ code: 200, msg: 'ok', rows: [], total: 0 }));
    renderAt('/resultpub?kind=publicity');
    expect(await screen.findByText('No result is in publicity now.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await setLanguage('zh-CN');
    expect(await screen.findByText('当前没有公示中的结果。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '已中选' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '打 印' })).toBeInTheDocument();
  });

  it('shows loading, then a failure with a retry', async () => {
    stubServer(() => ({ code: 500, msg: 'down' }));
    renderAt('/resultpub');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the result on the project page', () => {
  it('shows the ranking, winner and hash of a project with a result', async () => {
    stubServer(() => ({
      code: 200,
      msg: 'ok',
      data: {
        ...ROW,
        status: 'publicity',
        ranking: [
          { rank: 1, companyName: 'Hill Builders', priceFen: 123_456_78, total: null },
          { rank: 2, companyName: 'River Works', priceFen: 130_000_00, total: null },
        ],
        hash: 'ab'.repeat(32),
      },
    }));
    renderAt('/resultpub', <ProjectResultSection projectId={18} />);
    const section = await screen.findByTestId('project-result');
    expect(within(section).getByRole('heading', { name: 'Selection result' })).toBeInTheDocument();
    const rows = within(section).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1Hill Builders¥123,456.78');
    expect(rows[2]).toHaveTextContent('2River Works¥130,000.00');
    expect(within(section).queryByRole('columnheader', { name: 'Total score' })).toBeNull();
    expect(section).toHaveTextContent(`SHA-256 of the signed result: ${'ab'.repeat(32)}`);
    expect(section).toHaveTextContent('ObjectionsNone');
  });

  it('shows nothing while the project has no result', async () => {
    const server = stubServer(() => ({ code: 404, msg: 'not found' }));
    renderAt('/resultpub', <ProjectResultSection projectId={18} />);
    await vi.waitFor(() => expect(server).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('project-result')).toBeNull();
  });
});
