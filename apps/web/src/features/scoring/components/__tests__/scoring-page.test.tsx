import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { renderPage, stubServer } from '@/testing/render';
import ScoringPage from '../scoring-page';

const ROW = {
  projectId: 9,
  code: 'LV20261125000009',
  name: 'Canal lighting',
  ownerName: 'Demo Owner',
  status: 'evaluating',
  openingAt: '2026-12-02T02:00:00.000Z',
  openedAt: '2026-12-02T02:05:00.000Z',
  panelSize: 3,
  submitted: 1,
  member: true,
  mySubmitted: false,
  finalisedAt: null,
};
const WAITING = {
  ...ROW,
  projectId: 10,
  code: 'LV20261125000010',
  name: 'Harbour benches',
  openedAt: null,
  panelSize: 0,
  submitted: 0,
  member: false,
};
const CRITERIA = [
  { name: 'Approach', nameZh: '方案', max: 40 },
  { name: 'Team', nameZh: '团队', max: 30 },
];
const bid = (bidId: number, companyName: string, priceFen: number, priceScore: number) => ({
  bidId,
  applicationId: bidId,
  companyName,
  priceFen,
  receiptHash: `${String(bidId)}`.padEnd(64, 'b'),
  priceScore,
  criteria: null,
  technicalScore: null,
  total: null,
  rank: null,
  tied: false,
});
const DETAIL = {
  projectId: 9,
  code: ROW.code,
  name: ROW.name,
  status: 'evaluating',
  priceWeight: 40,
  criteria: CRITERIA,
  panel: [
    { userId: 5, name: 'Mia Member', submittedAt: null },
    { userId: 6, name: 'Ned Member', submittedAt: '2026-12-02T03:00:00.000Z' },
  ],
  bids: [bid(21, 'Hill Builders', 2_500_000, 40), bid(22, 'River Works', 2_800_000, 35.71)],
  myScores: null,
  allScores: null,
  proposals: [{ bidId: 21, fileName: 'abc.pdf', originalName: 'hill-approach.pdf', size: 1000 }],
  tieSeed: 'ef'.repeat(32),
  finalisedAt: null,
  canAssign: false,
  canScore: false,
  canFinalise: false,
};

/** Before panel draws: the project was announced without a commitment, so its panel is assigned. */
const UNCOMMITTED = {
  projectId: 9,
  commitment: null,
  drawn: false,
  eligible: null,
  excluded: [],
  experts: null,
  candidates: [],
  listText: null,
  listHash: null,
  seed: null,
  entropy: null,
  order: null,
  ownerReps: [],
  representatives: [],
  drawnByName: null,
  drawnAt: null,
};
/** DESIGN's worked example of a draw as a panel's list: five experts, seed 0011…eeff, entropy 314159. */
const EXPERTS = [
  'Fuzhou Road Works Co.',
  'Minjiang Survey Ltd.',
  'Haixi Design Institute',
  'Gulou Construction',
  'Cangshan Services',
];
const DRAWN = {
  ...UNCOMMITTED,
  commitment: '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef',
  drawn: true,
  experts: 2,
  candidates: EXPERTS.map((name, i) => ({
    expertId: i + 1,
    userId: 40 + i,
    loginUid: `x${i}`,
    name,
    employer: 'Institute',
  })),
  listText: EXPERTS.map((name, i) => `${i + 1}\t91350100MA2XXXXX0${i + 1}\t${name}\n`).join(''),
  listHash: 'd164dc0d8b3a2f7a806e7f04f60f274ca587870fec85d12735328263faa5db15',
  seed: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  entropy: '314159',
  order: [3, 2, 4, 0, 1],
  ownerReps: [{ userId: 7, name: 'Omar Owner' }],
  drawnByName: 'Olivia Owner',
  drawnAt: '2026-12-02T03:00:00.000Z',
};

/** A select's option in its open list (the chosen value's tag carries the same title). */
const option = async (title: string) =>
  (await screen.findAllByTitle(title)).find((e) => e.classList.contains('ant-select-item-option'))!;

function serve(detail: Record<string, unknown>, panelDraw: Record<string, unknown> = UNCOMMITTED) {
  const fetchMock = stubServer((url) => {
    if (url.pathname === '/api/scoring/9/candidates')
      return {
        code: 200,
        msg: 'ok',
        data: [
          { userId: 5, name: 'Mia Member', loginUid: 'mia', deptName: 'Works' },
          { userId: 7, name: 'Omar Owner', loginUid: 'omar', deptName: 'Finance' },
        ],
      };
    if (url.pathname === '/api/scoring/9') return { code: 200, msg: 'ok', data: { ...DETAIL, ...detail } };
    if (url.pathname === '/api/scoring/9/panel-draw') return { code: 200, msg: 'ok', data: panelDraw };
    if (url.pathname.startsWith('/api/scoring/9/')) return { code: 200, msg: 'ok', data: [] };
    if (url.pathname === '/api/scoring')
      return url.searchParams.get('tab') === 'finalised'
        ? { code: 200, msg: 'ok', rows: [], total: 0 }
        : { code: 200, msg: 'ok', rows: [ROW, WAITING], total: 2 };
    return { code: 200, msg: 'ok', data: [] };
  });
  const writes = () =>
    (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
      .map(([input, init]) => ({
        method: init?.method ?? 'GET',
        path: new URL(input, 'http://localhost').pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        key: new Headers(init?.headers).get('Idempotency-Key'),
      }))
      .filter((c) => c.method !== 'GET');
  return { writes };
}

const renderScoring = (path: string, permissions = ['selection:score:list', 'selection:score:edit']) =>
  renderPage(
    <MemoryRouter initialEntries={[path]}>
      <ScoringPage />
    </MemoryRouter>,
    permissions,
  );

describe('the best-value scoring page', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('lists the projects being scored with the panel progress, and an empty finalised tab', async () => {
    serve({});
    const user = userEvent.setup();
    renderScoring('/mandraw/score', ['selection:score:list']);
    const table = await screen.findByTestId('scoring-projects');
    const row = (await within(table).findByText('Canal lighting')).closest('tr')!;
    expect(within(row).getByText('1 of 3 submitted')).toBeInTheDocument();
    expect(within(row).getByText('You are on the panel')).toBeInTheDocument();
    const waiting = within(table).getByText('Harbour benches').closest('tr')!;
    expect(within(waiting).getByText('Not opened yet')).toBeInTheDocument();
    expect(within(waiting).getByText('No panel yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Finalised' }));
    expect(await within(table).findByText('No project here.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Being scored' }));
    const again = (await within(table).findByText('Canal lighting')).closest('tr')!;
    await user.click(within(again).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Scores and totals appear once every member has submitted.')).toBeInTheDocument();
    expect(screen.getByText('hill-approach.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit scores' })).toBeNull();
  });

  it('lets a member score every bid on every criterion and submits exactly those scores', async () => {
    const server = serve({ canScore: true });
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const form = await screen.findByTestId('score-form');
    const typed: [string, string][] = [
      ['Hill Builders · Approach', '35.5'],
      ['Hill Builders · Team', '28'],
      ['River Works · Approach', '30'],
      ['River Works · Team', '22.25'],
    ];
    for (const [label, value] of typed) await user.type(within(form).getByRole('textbox', { name: label }), value);
    await user.click(within(form).getByRole('button', { name: 'Submit scores' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Scores are final once submitted/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Submit scores' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const [call] = server.writes();
    expect(call!.path).toBe('/api/scoring/9/scores');
    expect(call!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.body).toEqual({
      scores: [
        { bidId: 21, criterion: 0, score: 35.5 },
        { bidId: 21, criterion: 1, score: 28 },
        { bidId: 22, criterion: 0, score: 30 },
        { bidId: 22, criterion: 1, score: 22.25 },
      ],
    });
    expect(await screen.findByText('Your scores are submitted.')).toBeInTheDocument();
  });

  it('shows the totals, ranks and every member’s scores once all submitted, and finalises', async () => {
    const scores = (a: number) => [
      { bidId: 21, criterion: 0, score: a },
      { bidId: 21, criterion: 1, score: 25 },
      { bidId: 22, criterion: 0, score: 30 },
      { bidId: 22, criterion: 1, score: 20 },
    ];
    const server = serve({
      canFinalise: true,
      panel: [
        { userId: 5, name: 'Mia Member', submittedAt: '2026-12-02T03:00:00.000Z' },
        { userId: 6, name: 'Ned Member', submittedAt: '2026-12-02T03:10:00.000Z' },
      ],
      bids: [
        {
          ...bid(21, 'Hill Builders', 2_500_000, 40),
          criteria: [36, 25],
          technicalScore: 52.43,
          total: 92.43,
          rank: 1,
          tied: true,
        },
        {
          ...bid(22, 'River Works', 2_800_000, 35.71),
          criteria: [30, 20],
          technicalScore: 42.86,
          total: 78.57,
          rank: 2,
        },
      ],
      allScores: [
        { userId: 5, name: 'Mia Member', scores: scores(34) },
        { userId: 6, name: 'Ned Member', scores: scores(38) },
      ],
    });
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const bids = await screen.findByTestId('scoring-bids');
    const rows = [...bids.querySelectorAll<HTMLElement>('tr[data-row-key]')];
    expect(within(rows[0]!).getByText('92.43')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Tie drawn by seed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('78.57')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2')).toBeInTheDocument();
    expect(screen.queryByText('Scores and totals appear once every member has submitted.')).toBeNull();

    const members = screen.getByTestId('member-scores');
    await user.click(within(members).getByText('Ned Member'));
    expect(await within(members).findByText('38')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finalise ranking' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Finalise ranking' }));
    await waitFor(() => expect(server.writes().map((c) => c.path)).toEqual(['/api/scoring/9/finalise']));
    expect(server.writes()[0]!.key).toBeTruthy();
    expect(await screen.findByText('The ranking is finalised.')).toBeInTheDocument();
  });

  it('assigns the panel from the owner organisation’s employees', async () => {
    const server = serve({ canAssign: true, panel: [{ userId: 5, name: 'Mia Member', submittedAt: null }] });
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    await user.click(await screen.findByRole('button', { name: 'Assign panel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox'), 'omar');
    await user.click(await screen.findByTitle('Omar Owner (omar) · Finance'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const [call] = server.writes();
    expect(call).toMatchObject({ method: 'PUT', path: '/api/scoring/9/panel', body: { userIds: [5, 7] } });
    expect(call!.key).toBeTruthy();
    expect(await screen.findByText('The panel is assigned.')).toBeInTheDocument();
  });

  it('shows a member their submitted scores and the finalised winner, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve({
      finalisedAt: '2026-12-03T02:00:00.000Z',
      bids: [
        {
          ...bid(21, 'Hill Builders', 2_500_000, 40),
          criteria: [36, 25],
          technicalScore: 52.43,
          total: 92.43,
          rank: 1,
        },
        {
          ...bid(22, 'River Works', 2_800_000, 35.71),
          criteria: [30, 20],
          technicalScore: 42.86,
          total: 78.57,
          rank: 2,
        },
      ],
      myScores: {
        userId: 5,
        name: 'Mia Member',
        scores: [
          { bidId: 21, criterion: 0, score: 36.5 },
          { bidId: 21, criterion: 1, score: 25 },
          { bidId: 22, criterion: 0, score: 30 },
          { bidId: 22, criterion: 1, score: 20.75 },
        ],
      },
    });
    renderScoring('/mandraw/score?project=9');
    expect(await screen.findByText('排名已于 2026-12-03 10:00 确定；中选人为 Hill Builders。')).toBeInTheDocument();
    const mine = screen.getByTestId('my-scores');
    expect(within(mine).getByText('您已提交评分。')).toBeInTheDocument();
    expect(within(mine).getAllByText('方案（满分 40）')[0]).toBeInTheDocument();
    expect(within(mine).getByText('20.75')).toBeInTheDocument();
    expect(screen.queryByTestId('score-form')).toBeNull();
  });
});

describe('a score that is not valid', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('is refused on its field as typed, never clamped, and nothing is sent', async () => {
    const server = serve({ canScore: true });
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const form = await screen.findByTestId('score-form');
    const approach = within(form).getByRole('textbox', { name: 'Hill Builders · Approach' });
    for (const typed of ['999', '-3', '12abc', '40.123', '40.01', '1e1']) {
      await user.clear(approach);
      await user.type(approach, typed);
      await user.click(within(form).getByRole('button', { name: 'Submit scores' }));
      expect(
        await within(form).findByText('Enter a score from 0 to 40, in digits, with at most 2 decimals.'),
      ).toBeInTheDocument();
      expect(approach).toHaveValue(typed);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.writes()).toHaveLength(0);
  });

  it('says so in Chinese with the criterion’s maximum', async () => {
    await i18n.changeLanguage('zh-CN');
    serve({ canScore: true });
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const form = await screen.findByTestId('score-form');
    const team = within(form).getByRole('textbox', { name: 'River Works · 团队' });
    await user.type(team, '31');
    expect(await within(form).findByText('请输入 0 至 30 之间的分数（数字），最多两位小数。')).toBeInTheDocument();
    expect(team).toHaveValue('31');
  });

  it('asks once on a double click, and puts the server’s refusal of one score under its field', async () => {
    const refusal = 'scores.3.score: at most 30 points';
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const answer = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') return answer({ code: 500, msg: refusal, field: 'scores.3.score' }, 400);
      if (url.pathname === '/api/scoring/9')
        return answer({ code: 200, msg: 'ok', data: { ...DETAIL, canScore: true } });
      if (url.pathname === '/api/scoring/9/panel-draw') return answer({ code: 200, msg: 'ok', data: UNCOMMITTED });
      return answer({ code: 200, msg: 'ok', data: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const form = await screen.findByTestId('score-form');
    for (const [label, value] of [
      ['Hill Builders · Approach', '35'],
      ['Hill Builders · Team', '28'],
      ['River Works · Approach', '30'],
      ['River Works · Team', '22'],
    ] as const)
      await user.type(within(form).getByRole('textbox', { name: label }), value);
    await user.dblClick(within(form).getByRole('button', { name: 'Submit scores' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit scores' }));
    const shown = await within(form).findByText(refusal);
    expect(shown.closest('.ant-form-item')).toContainElement(
      within(form).getByRole('textbox', { name: 'River Works · Team' }),
    );
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });
});

describe('the panel drawn from the expert pool', () => {
  it('draws the panel from the expert pool after a review, representatives at most a third', async () => {
    const server = serve(
      { canAssign: true, panel: [] },
      {
        ...UNCOMMITTED,
        commitment: 'ab'.repeat(32),
        eligible: 4,
        excluded: [{ reason: 'bidder', count: 1 }],
        representatives: [
          { userId: 7, name: 'Omar Owner', loginUid: 'omar', deptName: 'Works' },
          { userId: 8, name: 'Pia Owner', loginUid: 'pia', deptName: 'Works' },
        ],
      },
    );
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const card = await screen.findByTestId('panel-draw');
    expect(within(card).getByTestId('panel-draw-eligible')).toHaveTextContent(
      '4 experts of this type and region are eligible.1 left out as employed by a bidder.',
    );
    // Drawing is the way: the panel is not assigned by hand.
    expect(screen.queryByRole('button', { name: 'Assign panel' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Draw the panel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Experts to draw' }), '2');
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner representatives' }));
    await user.click(await option('Omar Owner (omar)'));
    await user.click(await option('Pia Owner (pia)'));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Owner representatives: at most a third of the panel.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner representatives' }));
    await user.click(await option('Pia Owner (pia)'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Entropy' }), '2718');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('panel-draw-confirm')).toHaveTextContent(
      'Draw 2 of 4 eligible experts; owner representatives: Omar Owner; entropy: 2718.',
    );
    expect(server.writes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Draw now' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/scoring/9/panel-draw',
      body: { experts: 2, ownerReps: [7], entropy: '2718' },
    });
    expect(server.writes()[0]!.key).toBeTruthy();
  });

  it('shows a drawn panel in its order and re-computes the draw in the browser, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve({}, DRAWN);
    const user = userEvent.setup();
    renderScoring('/mandraw/score?project=9');
    const order = await screen.findByTestId('panel-draw-order');
    const rows = within(order).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1Gulou ConstructionInstitute入选',
      '2Haixi Design InstituteInstitute入选',
      '3Cangshan ServicesInstitute未入选',
      '4Fuzhou Road Works Co.Institute未入选',
      '5Minjiang Survey Ltd.Institute未入选',
    ]);
    expect(screen.getByTestId('panel-draw')).toHaveTextContent('业主代表: Omar Owner');
    await user.click(screen.getByRole('button', { name: '校验本次抽取' }));
    expect(await screen.findByTestId('panel-draw-check')).toHaveTextContent('名单哈希、种子承诺和抽取顺序全部一致。');
  });
});
