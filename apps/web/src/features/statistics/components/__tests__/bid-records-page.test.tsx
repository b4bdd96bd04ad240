import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import BidRecordsPage from '../bid-records-page';
import { dictAnswer, ok, urlsOf } from './fixtures';

const BID = {
  projectId: 31,
  projectCode: 'LV20260501000031',
  projectName: 'Bridge inspection',
  model: 2,
  submittedAt: '2026-05-20T01:00:00.000Z',
  replaced: false,
};
const ROWS = [
  // Opened: its price and its place.
  {
    ...BID,
    id: 1,
    companyId: 100,
    companyName: 'Minjiang Survey Ltd.',
    openedAt: '2026-05-29T02:00:00.000Z',
    price: 123_450,
    rank: 1,
  },
  // Replaced by a later bid of the same company: never opened.
  {
    ...BID,
    id: 2,
    companyId: 101,
    companyName: 'Haixi Design Institute',
    replaced: true,
    openedAt: '2026-05-29T02:00:00.000Z',
    price: null,
    rank: null,
  },
  // Another project, before its opening: sealed.
  {
    ...BID,
    id: 3,
    projectId: 32,
    projectCode: 'LV20260502000032',
    projectName: 'Road resurfacing',
    companyId: 102,
    companyName: 'Gulou Construction',
    openedAt: null,
    price: null,
    rank: null,
  },
];

function serve() {
  return stubServer((url) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (url.pathname === '/api/stats/bids') return ok({ rows: ROWS, total: ROWS.length });
    return ok({ data: [] });
  });
}

describe('bid records (seach/bidhistory)', () => {
  it('shows a price in figures and in capital numerals, "sealed" before the opening, "replaced" for a replaced bid', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <BidRecordsPage />
      </MemoryRouter>,
      ['stats:bids:list', 'stats:bids:export'],
    );
    const opened = (await screen.findByText('Minjiang Survey Ltd.')).closest('tr')!;
    const price = within(opened).getByTestId('price-1');
    expect(price).toHaveTextContent('¥1,234.50');
    expect(within(price).getByText('壹仟贰佰叁拾肆元伍角整')).toHaveAttribute('lang', 'zh-CN');
    expect(within(opened).getByText('No. 1')).toBeInTheDocument();

    const sealed = screen.getByText('Gulou Construction').closest('tr')!;
    expect(within(sealed).getByTestId('price-3')).toHaveTextContent('Sealed');
    expect(within(sealed).getByText('Not opened yet')).toBeInTheDocument();

    const replaced = screen.getByText('Haixi Design Institute').closest('tr')!;
    expect(within(replaced).getByTestId('price-2')).toHaveTextContent('Replaced');
    expect(within(replaced).getByTestId('price-2')).not.toHaveTextContent('Sealed');
    // The replaced tag beside its submission time.
    expect(within(replaced).getAllByText('Replaced')).toHaveLength(2);

    await user.type(screen.getByLabelText('Project or company'), 'Gulou');
    await user.click(screen.getByText('Search').closest('button')!);
    await user.click(screen.getByText('Export').closest('button')!);
    await waitFor(() => expect(urlsOf(server).some((u) => u.pathname === '/api/stats/bids/export')).toBe(true));
    expect(
      urlsOf(server)
        .find((u) => u.pathname === '/api/stats/bids/export')!
        .searchParams.get('keyword'),
    ).toBe('Gulou');
  });
});
