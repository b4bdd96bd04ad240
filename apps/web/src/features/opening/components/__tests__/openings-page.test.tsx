import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '@/shared/lib/app-state';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage, stubServer } from '@/testing/render';
import OpeningsPage from '../openings-page';

const ROW = {
  projectId: 9,
  code: 'LV20261125000009',
  name: 'Canal lighting',
  ownerName: 'Demo Owner',
  status: 'evaluating',
  bidDeadline: '2026-12-01T02:00:00.000Z',
  openingAt: '2026-12-02T02:00:00.000Z',
  minParticipants: 3,
  witnesses: [{ name: 'Sara Supervisor', signedAt: '2026-12-02T02:01:00.000Z' }],
  openedAt: null,
};
const line = (rank: number | null, priceFen: number, companyName: string, tied = false) => ({
  rank,
  bidId: priceFen + (rank ?? 0),
  applicationId: priceFen,
  companyId: 1,
  companyName,
  priceFen,
  receiptHash: `${String(priceFen)}`.padEnd(64, 'a'),
  submittedAt: '2026-11-30T02:00:00.000Z',
  nonce: 'cd'.repeat(16),
  valid: rank !== null,
  tied,
});
const RECORD = {
  projectId: 9,
  projectCode: ROW.code,
  projectName: ROW.name,
  openedAt: '2026-12-02T02:05:00.000Z',
  openedBy: 'Olivia Owner',
  witness: 'Sara Supervisor',
  witnessedAt: '2026-12-02T02:01:00.000Z',
  minParticipants: 3,
  outcome: 'ranked',
  reason: null,
  tieSeed: 'ef'.repeat(32),
  tieRule: '',
  receiptRule: '',
  bids: [
    line(1, 2_500_000, 'Hill Builders', true),
    line(2, 2_500_000, 'River Works', true),
    line(3, 2_800_000, 'Stone Co'),
    line(null, 100_000, 'Withdrawn Ltd'),
  ],
};

function serve(detail: Record<string, unknown>) {
  let opened = false;
  return stubServer((url) => {
    if (url.pathname === '/api/openings/9/open') {
      opened = true;
      return { code: 200, msg: 'bids opened', data: RECORD };
    }
    if (url.pathname === '/api/openings/9')
      return {
        code: 200,
        msg: 'ok',
        data: { ...ROW, ...detail, ...(opened ? { canOpen: false, record: RECORD, openedAt: RECORD.openedAt } : {}) },
      };
    if (url.pathname === '/api/openings') return { code: 200, msg: 'ok', rows: [ROW], total: 1 };
    return { code: 200, msg: 'ok', data: [] };
  });
}

const renderOpenings = (path: string, permissions: string[]) =>
  renderPage(
    <MemoryRouter initialEntries={[path]}>
      <OpeningsPage />
    </MemoryRouter>,
    permissions,
  );

describe('the opening page', () => {
  it('lists the projects due to open and shows one with what waits', async () => {
    serve({ canWitness: false, canOpen: false, waitingFor: 'witness', record: null });
    const user = userEvent.setup();
    renderOpenings('/mandraw/opening', ['selection:opening:list']);
    const table = await screen.findByTestId('openings');
    expect(await within(table).findByText('Canal lighting')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'View' }));
    expect(await screen.findByText(/A supervisor must confirm presence/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open bids' })).toBeNull();
  });

  it('opens the bids after confirmation and shows the ranked record with its seed', async () => {
    const server = serve({ canWitness: false, canOpen: true, waitingFor: null, record: null });
    const user = userEvent.setup();
    renderOpenings('/mandraw/opening?project=9', ['selection:opening:list', 'selection:opening:open']);
    await user.click(await screen.findByRole('button', { name: 'Open bids' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Open bids' }));
    const record = await screen.findByTestId('opening-record');
    const rows = [...record.querySelectorAll<HTMLElement>('tr[data-row-key]')];
    expect(rows.map((r) => r.querySelectorAll('td')[1]!.textContent)).toEqual([
      'Hill Builders',
      'River Works',
      'Stone Co',
      'Withdrawn Ltd',
    ]);
    expect(within(rows[0]!).getByText('Tie drawn')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Not valid')).toBeInTheDocument();
    expect(within(record).getByText('¥28,000.00')).toBeInTheDocument();
    expect(within(record).getByText(RECORD.tieSeed)).toBeInTheDocument();
    expect(within(record).getByRole('button', { name: /Print/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.mock.calls.some(([input]) => String(input).endsWith('/api/openings/9/open'))).toBe(true),
    );
  });

  it('links to the live page and, while unopened, reads it in the background to count the reader present', async () => {
    const server = serve({ canWitness: true, canOpen: false, waitingFor: 'witness', record: null });
    renderOpenings('/mandraw/opening?project=9', ['selection:opening:list', 'selection:draw:witness']);
    expect(await screen.findByText('Follow live')).toHaveAttribute('href', '/live/9');
    await waitFor(() => expect(server.mock.calls.some(([input]) => String(input).endsWith('/api/live/9'))).toBe(true));
    expect(screen.getByText(/while the supervisor has this page or the live page open/)).toBeInTheDocument();
  });

  it('offers the supervisor the presence button only', async () => {
    serve({ canWitness: true, canOpen: false, waitingFor: 'witness', record: null });
    renderOpenings('/mandraw/opening?project=9', ['selection:opening:list', 'selection:draw:witness']);
    expect(await screen.findByRole('button', { name: 'Confirm presence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open bids' })).toBeNull();
  });
});

describe('opening the bids safely', () => {
  afterEach(() => appStore.set((state) => ({ ...state, mobile: false })));

  it('asks once on a double click; a refused opening is shown, never left uncaught', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const opens: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const answer = (body: unknown, status = 200) =>
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        if (init?.method === 'POST') {
          opens.push(url.pathname);
          return answer({ code: 409, msg: 'The bids were opened meanwhile.' }, 409);
        }
        if (url.pathname === '/api/openings/9')
          return answer({
            code: 200,
            msg: 'ok',
            data: { ...ROW, canWitness: false, canOpen: true, waitingFor: null, record: null },
          });
        return answer({ code: 200, msg: 'ok', data: [] });
      }),
    );
    try {
      const user = userEvent.setup();
      renderOpenings('/mandraw/opening?project=9', ['selection:opening:list', 'selection:opening:open']);
      await user.dblClick(await screen.findByRole('button', { name: 'Open bids' }));
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Open bids' }));
      expect(await screen.findByText('The bids were opened meanwhile.')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(opens).toEqual(['/api/openings/9/open']);
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('on a phone, shows each bid of the record as a card with every value in full', async () => {
    appStore.set((state) => ({ ...state, mobile: true }));
    await setLanguage('zh-CN');
    serve({ canWitness: false, canOpen: false, waitingFor: null, record: RECORD, openedAt: RECORD.openedAt });
    renderOpenings('/mandraw/opening?project=9', ['selection:opening:list']);
    const record = await screen.findByTestId('opening-record');
    expect(record.querySelector('.ant-table')).toBeNull();
    const cards = [...record.querySelectorAll<HTMLElement>('[data-row-key]')];
    expect(cards).toHaveLength(4);
    const value = (card: HTMLElement, label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value(cards[2]!, '投标人')).toHaveTextContent('Stone Co');
    expect(value(cards[2]!, '报价')).toHaveTextContent('¥28,000.00');
    expect(value(cards[2]!, '回执哈希（SHA-256）')).toHaveTextContent(RECORD.bids[2]!.receiptHash);
  });
});
