import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage, stubServer } from '@/testing/render';
import LivePage from '../components/live-page';

const OPENING_AT = '2026-12-02T02:00:00.000Z';
/** The platform's clock: 1 h 2 min 3 s before the opening (the browser's clock is set elsewhere). */
const SERVER_NOW = '2026-12-02T00:57:57.000Z';
const COMMITMENT = '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef';

const BEFORE = {
  projectId: 9,
  code: 'LV20261125000009',
  name: 'Canal lighting',
  model: 2,
  status: 'bid_closed',
  openingAt: OPENING_AT,
  now: SERVER_NOW,
  viewer: 'bidder',
  present: {
    staff: [
      { name: 'Olivia Owner', role: 'owner', since: '2026-12-02T00:50:00.000Z' },
      { name: 'Sara Supervisor', role: 'supervisor', since: '2026-12-02T00:55:10.000Z' },
    ],
    bidders: 3,
    bidderNames: null,
  },
  witnesses: [
    { name: 'Sara Supervisor', present: true },
    { name: 'Sam Supervisor', present: false },
  ],
  tieCommitment: COMMITMENT,
  opening: null,
  myApplicationId: 32,
  draw: null,
};

const bid = (rank: number | null, applicationId: number, companyName: string, priceFen: number) => ({
  rank,
  bidId: applicationId + 100,
  applicationId,
  companyId: applicationId + 200,
  companyName,
  priceFen,
  receiptHash: `${applicationId}`.padEnd(64, 'a'),
  submittedAt: '2026-11-30T02:00:00.000Z',
  nonce: 'cd'.repeat(16),
  valid: rank !== null,
  tied: false,
});
const RECORD = {
  projectId: 9,
  projectCode: BEFORE.code,
  projectName: BEFORE.name,
  openedAt: '2026-12-02T02:00:30.000Z',
  openedBy: 'Olivia Owner',
  witness: 'Sara Supervisor',
  witnessedAt: '2026-12-02T01:59:00.000Z',
  minParticipants: 2,
  outcome: 'ranked',
  reason: null,
  tieSeed: 'ef'.repeat(32),
  tieCommitment: COMMITMENT,
  tieRule: '',
  receiptRule: '',
  bids: [
    bid(1, 31, 'Hill Builders', 2_500_000),
    bid(2, 32, 'River Works', 2_812_345),
    bid(null, 33, 'Late Ltd', 100_000),
  ],
};
const AFTER = {
  ...BEFORE,
  status: 'ranked',
  now: '2026-12-02T02:00:40.000Z',
  present: { ...BEFORE.present, bidderNames: ['Hill Builders', 'River Works', 'Late Ltd'] },
  opening: RECORD,
};

const CANDIDATES = ['Fuzhou Road Works Co.', 'Minjiang Survey Ltd.', 'Haixi Design Institute'];
const DRAW = {
  id: 4,
  projectId: 12,
  projectCode: 'LV20261125000012',
  projectName: 'Park benches',
  ownerName: 'Demo Owner',
  drawAt: OPENING_AT,
  typeId: 1,
  subCategoryId: null,
  placeId: 1,
  reserves: 2,
  candidateCount: 3,
  listHash: 'd164dc0d8b3a2f7a806e7f04f60f274ca587870fec85d12735328263faa5db15',
  commitment: COMMITMENT,
  status: 'drawn',
  statusReason: null,
  seed: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  entropy: '314159',
  order: [2, 0, 1],
  drawnAt: '2026-12-02T02:01:00.000Z',
  engagedCompany: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  listText: '',
  candidates: CANDIDATES.map((companyName, position) => ({
    position,
    memberId: position + 1,
    companyId: position + 50,
    creditCode: `91350100MA2XXXXX0${position}`,
    companyName,
  })),
  picks: [
    {
      id: 1,
      rank: 0,
      position: 2,
      companyId: 52,
      companyName: CANDIDATES[2],
      status: 'declined',
      statusReason: 'Fully booked',
      askedAt: '2026-12-02T02:01:00.000Z',
      deadline: '2026-12-03T02:01:00.000Z',
      answeredAt: '2026-12-02T03:00:00.000Z',
    },
    {
      id: 2,
      rank: 1,
      position: 0,
      companyId: 50,
      companyName: CANDIDATES[0],
      status: 'asked',
      statusReason: null,
      askedAt: '2026-12-02T03:00:00.000Z',
      deadline: '2026-12-03T03:00:00.000Z',
      answeredAt: null,
    },
  ],
};
const POOL = {
  ...BEFORE,
  projectId: 12,
  code: DRAW.projectCode,
  name: DRAW.projectName,
  model: 1,
  status: 'drawn',
  now: '2026-12-02T02:05:00.000Z',
  viewer: 'owner',
  present: { staff: [], bidders: 2, bidderNames: [CANDIDATES[2], CANDIDATES[0]] },
  witnesses: [],
  tieCommitment: null,
  myApplicationId: null,
  draw: DRAW,
};

const DICTS: Record<string, { dictValue: string; dictLabel: string; dictLabelZh: string }[]> = {
  project_status: [
    { dictValue: 'bid_closed', dictLabel: 'Bidding closed', dictLabelZh: '报价已截止' },
    { dictValue: 'ranked', dictLabel: 'Ranked', dictLabelZh: '已排名' },
  ],
  pick_status: [
    { dictValue: 'asked', dictLabel: 'Asked', dictLabelZh: '待答复' },
    { dictValue: 'declined', dictLabel: 'Declined', dictLabelZh: '已放弃' },
  ],
};

/** The live view answered by `view()` (it may change between reads), and the dictionaries. */
function serve(view: () => unknown) {
  return stubServer((url) => {
    if (url.pathname.startsWith('/api/live/')) return view();
    const type = /^\/system\/dict\/data\/type\/(.+)$/.exec(url.pathname)?.[1];
    return {
      code: 200,
      msg: 'ok',
      data: (DICTS[type ?? ''] ?? []).map((d, i) => ({
        ...d,
        dictSort: i,
        listClass: 'default',
        cssClass: '',
        isDefault: 'N',
      })),
    };
  });
}
const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });
const liveReads = (mock: ReturnType<typeof serve>) =>
  mock.mock.calls.filter(([input]) => String(input).includes('/api/live/')).length;

const renderLive = (id: number) =>
  renderPage(
    <MemoryRouter initialEntries={[`/live/${id}`]}>
      <Routes>
        <Route path="/live/:id" element={<LivePage />} />
      </Routes>
    </MemoryRouter>,
    [],
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the live page of an opening', () => {
  it('before the opening: the commitment, bidders counted not named, a countdown on the server’s clock', async () => {
    // The browser's clock is years away from the platform's: the countdown must not use it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-05T10:00:00.000Z'));
    serve(() => ok(BEFORE));
    renderLive(9);

    expect(await screen.findByTestId('live-countdown')).toHaveTextContent('Opening in 01:02:03');
    expect(screen.getByTestId('live-title')).toHaveTextContent('LV20261125000009 Canal lighting');
    expect(screen.getByTestId('live-updated')).toHaveTextContent('Updated 08:57:57');
    expect(await screen.findByText('Bidding closed')).toBeInTheDocument();

    const sealed = screen.getByTestId('live-sealed');
    expect(within(sealed).getByText('Waiting for the opening')).toBeInTheDocument();
    expect(within(sealed).getByTestId('live-tie-commitment')).toHaveTextContent(COMMITMENT);
    expect(within(sealed).queryByTestId('live-bids')).toBeNull();

    const present = screen.getByTestId('live-present');
    const staff = within(present).getByTestId('live-staff');
    expect(within(staff).getByText('Olivia Owner').closest('li')).toHaveTextContent('Olivia OwnerOwnersince 08:50:00');
    expect(within(staff).getByText('Sara Supervisor').closest('li')).toHaveTextContent('Supervisor');
    const bidders = within(present).getByTestId('live-bidders');
    expect(bidders).toHaveTextContent('3 bidder companies present');
    expect(bidders).toHaveTextContent('The bidders are named once the bids are opened or the draw is made.');

    const witnesses = screen.getByTestId('live-witnesses');
    expect(within(witnesses).getByText('Sara Supervisor').closest('li')).toHaveTextContent('Present');
    expect(within(witnesses).getByText('Sam Supervisor').closest('li')).toHaveTextContent('Not present now');

    // Two seconds pass in the browser: the countdown runs on from the server's now.
    vi.setSystemTime(new Date('2031-05-05T10:00:02.000Z'));
    await waitFor(() => expect(screen.getByTestId('live-countdown')).toHaveTextContent('Opening in 01:02:01'));
  });

  it('picks up the next answer: the record appears, announced, with prices in figures and capitals', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let opened = false;
    const server = serve(() => ok(opened ? AFTER : BEFORE));
    renderLive(9);
    expect(await screen.findByText('Waiting for the opening')).toBeInTheDocument();
    expect(screen.getByTestId('live-announcement')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('live-announcement')).toBeEmptyDOMElement();
    const reads = liveReads(server);

    opened = true;
    await vi.advanceTimersByTimeAsync(3000);
    const bids = await screen.findByTestId('live-bids');
    expect(liveReads(server)).toBeGreaterThan(reads);
    expect(screen.getByTestId('live-announcement')).toHaveTextContent('The bids are opened');

    const rows = [...bids.querySelectorAll<HTMLElement>('tr[data-row-key]')];
    expect(rows.map((r) => r.querySelectorAll('td')[1]!.textContent)).toEqual([
      'Hill Builders',
      'River WorksYour bid',
      'Late Ltd',
    ]);
    expect(rows[0]).toHaveTextContent('¥25,000.00贰万伍仟元整');
    expect(rows[1]).toHaveTextContent('¥28,123.45贰万捌仟壹佰贰拾叁元肆角伍分');
    expect(rows[2]).toHaveTextContent('Not valid');
    expect(rows[0]).toHaveTextContent('31aaaaaa…aaaaaaaa');
    // The reader's own bid is marked; every row is lit for a moment as the record arrives.
    expect(rows[1]).toHaveClass('live-page__bid--mine');
    expect(rows[0]).not.toHaveClass('live-page__bid--mine');
    expect(rows.every((r) => r.classList.contains('live-page__bid--fresh'))).toBe(true);
    await vi.advanceTimersByTimeAsync(7000);
    await waitFor(() => expect(rows[0]).not.toHaveClass('live-page__bid--fresh'));

    expect(screen.getByTestId('live-outcome')).toHaveTextContent('Ranked: the lowest valid price ranks first.');
    expect(screen.getByTestId('live-tie-seed')).toHaveTextContent(RECORD.tieSeed);
    expect(screen.getByText('Sara Supervisor, 2026-12-02 09:59')).toBeInTheDocument();
    expect(screen.getByTestId('live-bidders')).toHaveTextContent('River Works');
  });

  it('does not announce a record that was there when the page opened', async () => {
    serve(() => ok({ ...AFTER, opening: { ...RECORD, outcome: 'failed', reason: 'Too few valid bids' } }));
    renderLive(9);
    expect(await screen.findByTestId('live-outcome')).toHaveTextContent(
      'The project failed.Reason: Too few valid bids',
    );
    expect(screen.getByTestId('live-announcement')).toBeEmptyDOMElement();
  });

  it('tells a reader who takes no part that the project does not exist, and stops reading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve(() => ({ code: 404, msg: 'project does not exist' }));
    renderLive(9);
    expect(await screen.findByText('This project does not exist or you do not take part in it.')).toBeInTheDocument();
    const reads = liveReads(server);
    await vi.advanceTimersByTimeAsync(7000);
    expect(liveReads(server)).toBe(reads);
  });

  it('speaks Chinese', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2020-01-01T00:00:00.000Z'));
    await setLanguage('zh-CN');
    serve(() => ok(BEFORE));
    renderLive(9);
    expect(await screen.findByTestId('live-countdown')).toHaveTextContent('距开标 01:02:03');
    expect(screen.getByTestId('live-bidders')).toHaveTextContent('3 家投标单位在场');
    expect(screen.getByText('等待开标')).toBeInTheDocument();
    expect(within(screen.getByTestId('live-staff')).getByText('业主')).toBeInTheDocument();
    expect(within(screen.getByTestId('live-witnesses')).getByText('当前不在场')).toBeInTheDocument();
    expect(await screen.findByText('报价已截止')).toBeInTheDocument();
  });
});

describe('the live page of a pool draw', () => {
  it('shows the drawn order by company and each contractor’s answer', async () => {
    serve(() => ok(POOL));
    renderLive(12);
    const draw = await screen.findByTestId('live-draw');
    expect(within(draw).getByTestId('live-draw-candidates')).toHaveTextContent('3');
    expect(within(draw).getByText(DRAW.listHash)).toBeInTheDocument();
    expect(within(draw).getByTestId('live-draw-seed')).toHaveTextContent(DRAW.seed);
    expect(within(draw).getByText('314159')).toBeInTheDocument();
    const order = within(draw).getByTestId('live-draw-order');
    expect([...order.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Haixi Design Institute',
      'Fuzhou Road Works Co.',
      'Minjiang Survey Ltd.',
    ]);
    const picks = [...within(draw).getByTestId('live-draw-picks').querySelectorAll<HTMLElement>('tr[data-row-key]')];
    await waitFor(() => expect(picks[0]).toHaveTextContent('1Haixi Design InstituteDeclinedFully booked'));
    expect(picks[1]).toHaveTextContent('2Fuzhou Road Works Co.Asked');
    expect(screen.getByTestId('live-countdown')).toHaveTextContent('Draw time has come');
    expect(screen.getByTestId('live-bidders')).toHaveTextContent('2 bidder companies present');
    expect(screen.getByTestId('live-bidders')).toHaveTextContent('Haixi Design Institute');
    expect(screen.queryByTestId('live-witnesses')).toBeNull();
  });

  it('announces the draw when the seed first appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let drawn = false;
    const undrawn = { ...DRAW, status: 'scheduled', seed: null, entropy: null, order: null, drawnAt: null, picks: [] };
    serve(() => ok({ ...POOL, draw: drawn ? DRAW : undrawn, present: { ...POOL.present, bidderNames: null } }));
    renderLive(12);
    expect(await screen.findByText('Waiting for the draw')).toBeInTheDocument();
    expect(screen.queryByTestId('live-draw-order')).toBeNull();
    drawn = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByTestId('live-draw-order')).toBeInTheDocument();
    expect(screen.getByTestId('live-announcement')).toHaveTextContent('The draw is made');
  });
});
