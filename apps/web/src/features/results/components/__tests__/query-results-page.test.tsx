import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '@/shared/lib/app-state';
import { setLanguage } from '@/shared/lib/i18n';
import PublicityResultsPage from '../publicity-results-page';
import QueryResultsPage from '../query-results-page';
import { CONFIRMATION, IN_PUBLICITY, PAGE_FLOW_MS, renderAt, ROW, serveResult } from './fixtures';

const SIGNED_ROW = {
  ...ROW,
  status: 'publicity',
  publicityEndsAt: '2026-12-10T16:00:00.000Z',
  openObjections: 2,
  confirmedAt: CONFIRMATION.confirmedAt,
  hash: CONFIRMATION.hash,
};
const READER = ['bid:result:list', 'bid:result:export', 'selection:opening:list'];

describe('the selection results (bidmanager/bidres)', { timeout: PAGE_FLOW_MS }, () => {
  afterEach(() => appStore.set((state) => ({ ...state, mobile: false })));

  it('lists the results in English, read-only, with the export and the opening record', async () => {
    serveResult(SIGNED_ROW, () => IN_PUBLICITY);
    const user = userEvent.setup();
    renderAt(<QueryResultsPage />, [...READER, 'selection:confirm:sign', 'audit:result:approve']);
    const list = await screen.findByTestId('results-query');
    const row = (await within(list).findByText('Canal lighting')).closest('tr')!;
    for (const header of ['Project', 'Winner', 'Amount', 'Publicity ends', 'Objections', 'Signed'])
      expect(within(list).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(row).getByText('Hill Builders')).toBeInTheDocument();
    expect(within(row).getByText('¥25,000.00')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-11 00:00')).toBeInTheDocument();
    expect(within(row).getByText('2 open')).toBeInTheDocument();
    expect(within(row).getByText('Publicity')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Export/ })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /View/ }));
    const detail = await screen.findByTestId('result-detail');
    // Read-only, whatever the caller may do elsewhere.
    expect(within(detail).queryByTestId('result-actions')).toBeNull();
    expect(within(detail).getByRole('link', { name: 'Opening record' })).toHaveAttribute(
      'href',
      '/mandraw/opening?project=9',
    );
    expect(within(detail).getByText(CONFIRMATION.hash)).toBeInTheDocument();
    const ranking = within(detail).getByTestId('result-ranking');
    expect(within(ranking).getByText('¥28,000.00')).toBeInTheDocument();
    expect(within(ranking).queryByRole('columnheader', { name: 'Total score' })).toBeNull();
  });

  it('speaks Chinese: headers, dictionary labels, the detail and the amount in capital numerals', async () => {
    await setLanguage('zh-CN');
    serveResult(SIGNED_ROW, () => IN_PUBLICITY);
    const user = userEvent.setup();
    renderAt(<QueryResultsPage />, READER);
    const list = await screen.findByTestId('results-query');
    const row = (await within(list).findByText('Canal lighting')).closest('tr')!;
    for (const header of ['项目', '中选单位', '中选金额', '公示截止', '异议', '签章'])
      expect(within(list).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(await within(row).findByText('公示中')).toBeInTheDocument();
    expect(within(row).getByText('2 条未决')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const detail = await screen.findByTestId('result-detail');
    expect(within(detail).getByText('排名')).toBeInTheDocument();
    expect(within(detail).getByText('拟中选')).toBeInTheDocument();
    expect(within(detail).getByText('结果签章确认书', { exact: false })).toBeInTheDocument();
    expect(within(detail).getAllByText('贰万伍仟元整').length).toBeGreaterThan(0);
    expect(within(detail).getByText('没有异议。')).toBeInTheDocument();
  });

  it('on a phone, shows each line of the ranking as a card', async () => {
    appStore.set((state) => ({ ...state, mobile: true }));
    serveResult({ ...SIGNED_ROW, model: 3 }, () => ({
      ...IN_PUBLICITY,
      ranking: IN_PUBLICITY.ranking.map((l, i) => ({ ...l, total: 91.5 - i * 10 })),
    }));
    const user = userEvent.setup();
    renderAt(<QueryResultsPage />, READER);
    const row = (await screen.findByText('Canal lighting')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /View/ }));
    const ranking = await screen.findByTestId('result-ranking');
    expect(ranking.querySelector('.ant-table')).toBeNull();
    const cards = [...ranking.querySelectorAll<HTMLElement>('[data-row-key]')];
    expect(cards).toHaveLength(2);
    const value = (card: HTMLElement, label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value(cards[1]!, 'Bidder')).toHaveTextContent('River Works');
    expect(value(cards[1]!, 'Price')).toHaveTextContent('¥28,000.00');
    expect(value(cards[1]!, 'Total score')).toHaveTextContent('81.5');
  });
});

describe('result publishing (mandraw/resultpub)', { timeout: PAGE_FLOW_MS }, () => {
  it('lists the results in publicity, then the awarded ones, with their public pages', async () => {
    const server = serveResult(SIGNED_ROW, () => IN_PUBLICITY);
    const user = userEvent.setup();
    renderAt(<PublicityResultsPage />, ['selection:publish:list']);
    const list = await screen.findByTestId('results-publicity');
    const row = (await within(list).findByText('Canal lighting')).closest('tr')!;
    expect(within(row).getByRole('link', { name: /Public result page/ })).toHaveAttribute('href', '/resultpub');
    expect(within(row).getByRole('link', { name: /Public project page/ })).toHaveAttribute('href', '/iteminfo?id=9');
    expect(server.lists('/api/results').at(-1)!.searchParams.get('status')).toBe('publicity');
    await user.click(screen.getByRole('tab', { name: 'Awarded' }));
    await waitFor(() => expect(server.lists('/api/results').at(-1)!.searchParams.get('status')).toBe('awarded'));
  });
});
