import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '@/shared/lib/app-state';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage } from '@/testing/render';
import BestValuePage from '../best-value-page';
import BiddingPage from '../bidding-page';

const HASH = 'ab'.repeat(32);
const PROJECT = {
  projectId: 7,
  code: 'LV20261125000007',
  name: 'School roof repair',
  status: 'published',
  budget: 50_000_000,
  bidDeadline: '2026-12-01T02:00:00.000Z',
  openingAt: '2026-12-02T02:00:00.000Z',
  applicationId: 3,
  open: true,
  receipt: null,
  openedAt: null,
  proposals: [] as { fileName: string; originalName: string; size: number }[],
};
const RECEIPT = {
  bidId: 11,
  projectId: 7,
  projectCode: PROJECT.code,
  projectName: PROJECT.name,
  companyName: 'Hill Builders',
  submittedAt: '2026-11-25T03:04:05.678Z',
  receiptHash: HASH,
  replayed: false,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The page's calls: its list, the dictionary, and the bid call answered by `onBid`. */
function serve(
  project: Record<string, unknown>,
  onBid: () => Promise<Response>,
  extra?: (url: URL) => unknown,
  model: 2 | 3 = 2,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') return onBid();
    if (url.pathname === `/api/bidding${model}/projects`)
      return json({ code: 200, msg: 'ok', rows: [project], total: 1 });
    return json(extra?.(url) ?? { code: 200, msg: 'ok', data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const bidCalls = (mock: ReturnType<typeof serve>) =>
  (mock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'POST');

const renderBidding = (permissions = ['web:bidding2:list', 'web:bidding2:bid']) =>
  renderPage(
    <MemoryRouter>
      <BiddingPage />
    </MemoryRouter>,
    permissions,
  );

describe('the sealed-bid page', () => {
  it('seals the typed price in fen, retries a lost answer with the same key, and shows the receipt', async () => {
    let calls = 0;
    const server = serve(PROJECT, async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('network down');
      return json({ code: 200, msg: 'bid sealed', data: RECEIPT });
    });
    const user = userEvent.setup();
    renderBidding();
    await user.click(await screen.findByRole('button', { name: 'Submit price' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Price (yuan)'), '1234.56');
    await user.click(within(dialog).getByRole('button', { name: 'Seal and submit' }));
    // Nothing is sent before the supplier confirms the amount in figures and in words.
    const confirm = await within(dialog).findByTestId('bid-confirm');
    expect(within(confirm).getByTestId('bid-confirm-figures')).toHaveTextContent('¥1,234.56');
    expect(within(confirm).getByTestId('bid-confirm-words')).toHaveTextContent('壹仟贰佰叁拾肆元伍角陆分');
    expect(bidCalls(server)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and seal' }));
    await waitFor(() => expect(bidCalls(server)).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and seal' }));
    expect(await within(dialog).findByText('Your price is sealed.')).toBeInTheDocument();
    const [first, second] = bidCalls(server);
    expect(JSON.parse(String(first![1]!.body))).toEqual({ priceFen: 123_456 });
    const key = (call: [string, RequestInit | undefined]) => new Headers(call[1]!.headers).get('Idempotency-Key');
    expect(key(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(second!)).toBe(key(first!));
    expect(within(dialog).getByText(/You submitted ¥1,234\.56\. Only this page shows it/)).toBeInTheDocument();
    expect(within(dialog).getByText(HASH)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receipt (PDF)' })).toBeInTheDocument();
  });

  it('offers no submission once bidding is closed, and keeps the receipt downloads', async () => {
    serve({ ...PROJECT, open: false, receipt: RECEIPT }, () => Promise.reject(new Error('no call expected')));
    renderBidding();
    expect(await screen.findByText('Bidding closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /price/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Receipt (text)' })).toBeInTheDocument();
  });

  it('offers no submission to a user without the bid permission', async () => {
    serve(PROJECT, () => Promise.reject(new Error('no call expected')));
    renderBidding(['web:bidding2:list']);
    expect(await screen.findByText(PROJECT.name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit price' })).toBeNull();
  });

  it('after the opening, checks the published record against the receipt in the browser', async () => {
    const line = {
      rank: 2,
      bidId: 11,
      applicationId: 3,
      companyId: 5,
      companyName: 'Hill Builders',
      priceFen: 123_456,
      submittedAt: RECEIPT.submittedAt,
      nonce: 'cd'.repeat(16),
      valid: true,
      tied: false,
    };
    const canonical = JSON.stringify({
      projectId: 7,
      applicationId: 3,
      priceFen: 123_456,
      submittedAt: RECEIPT.submittedAt,
      nonce: line.nonce,
    });
    const hash = createHash('sha256').update(canonical).digest('hex');
    for (const [published, message] of [
      [hash, 'The published record matches your receipt'],
      ['0'.repeat(64), 'The published record does not match your receipt'],
    ] as const) {
      serve(
        {
          ...PROJECT,
          open: false,
          status: 'result_pending',
          openedAt: '2026-12-02T02:05:00Z',
          receipt: { ...RECEIPT, receiptHash: hash },
        },
        () => Promise.reject(new Error('no call expected')),
        (url) =>
          url.pathname === '/api/bidding2/projects/7/opening'
            ? {
                code: 200,
                msg: 'ok',
                data: {
                  outcome: 'ranked',
                  minParticipants: 3,
                  bids: [
                    { ...line, rank: 1, bidId: 12, applicationId: 4 },
                    { ...line, receiptHash: published },
                  ],
                },
              }
            : undefined,
      );
      const user = userEvent.setup();
      const { unmount } = renderBidding();
      await user.click(await screen.findByRole('button', { name: 'Opening result' }));
      const result = await screen.findByTestId('my-opening-result');
      expect(within(result).getByText('2 of 2')).toBeInTheDocument();
      expect(within(result).getByText('¥1,234.56')).toBeInTheDocument();
      expect(await within(result).findByText(new RegExp(message))).toBeInTheDocument();
      unmount();
    }
  });

  it('best value: seals the price with the proposal files, the live bid’s files kept unless removed', async () => {
    const kept = { fileName: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.pdf', originalName: 'method-statement.pdf', size: 2048 };
    const server = serve(
      { ...PROJECT, receipt: RECEIPT, proposals: [kept] },
      async () => json({ code: 200, msg: 'bid sealed', data: { ...RECEIPT, bidId: 12 } }),
      undefined,
      3,
    );
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <BestValuePage />
      </MemoryRouter>,
      ['web:bidding3:list', 'web:bidding3:bid'],
    );
    expect(await screen.findByText('Best value')).toBeInTheDocument();
    expect(await screen.findByText('Proposal files: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace bid' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('method-statement.pdf')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Price (yuan)'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Seal and submit' }));
    const confirm = await within(dialog).findByTestId('bid-confirm');
    expect(within(confirm).getByTestId('bid-confirm-words')).toHaveTextContent('壹仟元整');
    expect(within(confirm).getByText('Proposal files: 1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and seal' }));
    expect(await within(dialog).findByText('Your price is sealed.')).toBeInTheDocument();
    const [call] = bidCalls(server);
    expect(call![0]).toContain('/api/bidding3/projects/7/bids');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ priceFen: 100_000, proposals: [kept.fileName] });
  });

  it('best value: refuses to seal without a proposal file', async () => {
    const server = serve(PROJECT, () => Promise.reject(new Error('no call expected')), undefined, 3);
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <BestValuePage />
      </MemoryRouter>,
      ['web:bidding3:list', 'web:bidding3:bid'],
    );
    await user.click(await screen.findByRole('button', { name: 'Submit bid' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Price (yuan)'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Seal and submit' }));
    expect(await within(dialog).findByText('Attach at least one technical proposal file.')).toBeInTheDocument();
    expect(bidCalls(server)).toHaveLength(0);
  });
});

/** The value shown next to a card's label (phone layout): the `dd` after the `dt`. */
const cardValue = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('a price that is not a valid amount', () => {
  afterEach(() => appStore.set((state) => ({ ...state, mobile: false })));

  const INVALID =
    'Enter a positive amount in yuan with at most two decimals, in digits (for example 1234.50 or 1,234.50).';
  const ABOVE = 'The price may not be above the budget, ¥500,000.00.';

  it('is refused on the field as typed, never changed and never sent', async () => {
    const server = serve(PROJECT, () => Promise.reject(new Error('no call expected')));
    const user = userEvent.setup();
    renderBidding();
    await user.click(await screen.findByRole('button', { name: 'Submit price' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Price (yuan)');
    for (const [typed, message] of [
      ['0', INVALID],
      ['-100', INVALID],
      ['12abc', INVALID],
      ['1000.123', INVALID],
      ['0.001', INVALID],
      ['1e3', INVALID],
      ['99999999999', ABOVE],
      ['500000.01', ABOVE],
    ] as const) {
      await user.clear(price);
      await user.type(price, typed);
      await user.tab();
      await user.click(within(dialog).getByRole('button', { name: 'Seal and submit' }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      expect(price).toHaveValue(typed);
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).queryByTestId('bid-confirm')).toBeNull();
    }
    expect(bidCalls(server)).toHaveLength(0);
    // The budget itself is a valid price.
    await user.clear(price);
    await user.type(price, '500,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Seal and submit' }));
    expect(await within(dialog).findByTestId('bid-confirm-words')).toHaveTextContent('伍拾万元整');
    await user.click(within(dialog).getByRole('button', { name: 'Back to change it' }));
    expect(within(dialog).getByLabelText('Price (yuan)')).toHaveValue('500,000.00');
  });

  it('is refused in Chinese too, naming the budget', async () => {
    await setLanguage('zh-CN');
    serve(PROJECT, () => Promise.reject(new Error('no call expected')));
    const user = userEvent.setup();
    renderBidding();
    await user.click(await screen.findByRole('button', { name: '提交报价' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('报价（元）');
    await user.type(price, '12abc');
    await user.click(within(dialog).getByRole('button', { name: /密封并提交/ }));
    expect(
      await within(dialog).findByText(
        '请输入大于 0 的金额（元），最多两位小数，只能使用数字（例如 1234.50 或 1,234.50）。',
      ),
    ).toBeInTheDocument();
    expect(price).toHaveValue('12abc');
    await user.clear(price);
    await user.type(price, '600000');
    expect(await within(dialog).findByText('报价不能超过预算 ¥500,000.00。')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '1234.5');
    await user.click(within(dialog).getByRole('button', { name: /密封并提交/ }));
    const confirm = await within(dialog).findByTestId('bid-confirm');
    expect(within(confirm).getByText('大写金额')).toBeInTheDocument();
    expect(within(confirm).getByTestId('bid-confirm-figures')).toHaveTextContent('¥1,234.50');
    expect(within(confirm).getByTestId('bid-confirm-words')).toHaveTextContent('壹仟贰佰叁拾肆元伍角整');
  });

  it('refused by the server on the price: the message stands under the field, not in a toast', async () => {
    const refusal = 'priceFen: at most the budget of the project';
    serve(
      PROJECT,
      async () =>
        new Response(JSON.stringify({ code: 500, msg: refusal, field: 'priceFen' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const user = userEvent.setup();
    renderBidding();
    await user.click(await screen.findByRole('button', { name: 'Submit price' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Price (yuan)'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Seal and submit' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm and seal' }));
    const shown = await within(dialog).findByText(refusal);
    expect(shown.closest('.ant-form-item')).toContainElement(within(dialog).getByLabelText('Price (yuan)'));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Price (yuan)')).toHaveValue('1000');
  });

  it('on a phone, shows every project as a card with its dates and prices', async () => {
    appStore.set((state) => ({ ...state, mobile: true }));
    serve({ ...PROJECT, receipt: RECEIPT }, () => Promise.reject(new Error('no call expected')));
    renderBidding();
    const list = await screen.findByTestId('bidding-projects');
    const card = (await within(list).findByText(PROJECT.name)).closest<HTMLElement>('.ant-card')!;
    expect(list.querySelector('.ant-table')).toBeNull();
    expect(cardValue(card, 'Budget')).toHaveTextContent('¥500,000.00');
    expect(cardValue(card, 'Bid deadline')).toHaveTextContent('2026-12-01 10:00');
    expect(cardValue(card, 'Opening')).toHaveTextContent('2026-12-02 10:00');
    expect(cardValue(card, 'My sealed bid')).toHaveTextContent('Submitted 2026-11-25 11:04');
    expect(within(cardValue(card, 'Actions')).getByRole('button', { name: 'Replace price' })).toBeInTheDocument();
  });
});
