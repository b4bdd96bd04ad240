import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { renderPage } from '@/testing/render';
import type { Confirmation, Objection, ProjectResult } from '@/features/results/api/result-detail';
import type { ResultRow } from '@/features/results/api/results-list';

/** A page flow renders antd's list, drawer and dialogs: seconds each on a loaded two-core machine. */
export const PAGE_FLOW_MS = 60_000;

/** Typed by the contracts' wire shapes: a changed contract breaks the fixtures that rely on it. */
export const ROW: ResultRow = {
  projectId: 9,
  code: 'LV20261125000009',
  name: 'Canal lighting',
  ownerName: 'Demo Owner',
  model: 2,
  status: 'result_pending',
  budgetFen: 3_000_000,
  winnerApplicationId: 31,
  winnerName: 'Hill Builders',
  amountFen: 2_500_000,
  publicityEndsAt: null,
  openObjections: 0,
  confirmedAt: null,
  hash: null,
};

export const RESULT: ProjectResult = {
  projectId: 9,
  status: 'result_pending',
  winnerApplicationId: 31,
  amountFen: 2_500_000,
  publicityEndsAt: null,
  ranking: [
    { rank: 1, applicationId: 31, companyName: 'Hill Builders', priceFen: 2_500_000, total: null, status: 'won' },
    { rank: 2, applicationId: 32, companyName: 'River Works', priceFen: 2_800_000, total: null, status: 'lost' },
  ],
  confirmation: null,
  objections: [],
  fileNames: {},
};

export const CONFIRMATION: Confirmation = {
  id: 4,
  projectId: 9,
  winnerApplicationId: 31,
  amountFen: 2_500_000,
  confirmedBy: 'olivia.owner',
  confirmedAt: '2026-12-03T02:05:31.000Z',
  hash: 'ab'.repeat(32),
  canonical:
    '{"projectId":9,"ranking":[{"rank":1,"applicationId":31,"priceFen":2500000,"total":null}],"winnerApplicationId":31,"amountFen":2500000}',
  rule: 'SHA-256 (lowercase hex) of the UTF-8 JSON in that key order, no spaces',
};

/** Approved: in publicity until its end, by the business clock. */
export const IN_PUBLICITY: ProjectResult = {
  ...RESULT,
  status: 'publicity',
  confirmation: CONFIRMATION,
  publicityEndsAt: '2026-12-10T16:00:00.000Z',
};

export const OBJECTION: Objection = {
  id: 70,
  projectId: 9,
  applicationId: 32,
  companyId: 5,
  companyName: 'River Works',
  status: 'open',
  reason: 'Our price was read wrongly at the opening.',
  files: [],
  answer: null,
  decisionReason: null,
  createdAt: '2026-12-05T01:00:00.000Z',
};

const entries = (rows: [string, string, string, string?][]) =>
  rows.map(([dictValue, dictLabel, dictLabelZh, listClass = 'primary'], i) => ({
    dictValue,
    dictLabel,
    dictLabelZh,
    listClass,
    cssClass: '',
    dictSort: i,
    isDefault: 'N',
  }));

const DICTIONARIES: Record<string, ReturnType<typeof entries>> = {
  project_status: entries([
    ['result_pending', 'Result pending', '待确认结果', 'warning'],
    ['result_audit', 'Result audit', '结果审核'],
    ['publicity', 'Publicity', '公示中'],
    ['awarded', 'Awarded', '已中选', 'success'],
    ['failed', 'Failed', '已流标', 'danger'],
  ]),
  application_status: entries([
    ['won', 'Won', '中选', 'success'],
    ['lost', 'Lost', '未中选', 'info'],
    ['declined', 'Declined', '已放弃', 'danger'],
  ]),
  objection_status: entries([
    ['open', 'Open', '待答复', 'warning'],
    ['answered', 'Answered', '已答复'],
  ]),
  selection_model: entries([
    ['1', 'Pool draw', '随机抽取'],
    ['2', 'Sealed price competition', '竞价'],
    ['3', 'Best-value evaluation', '综合评审'],
  ]),
  notice_type: entries([
    ['announcement', 'Announcement', '项目公告'],
    ['correction', 'Correction', '更正公告', 'warning'],
  ]),
};

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  key: string | null;
}

/**
 * Answers every call with `answer(call)` as the server's JSON (dictionaries and anything else it
 * leaves undefined have a default); `writes()` lists the POSTs sent, with their body and key.
 */
export function serve(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        method: init?.method ?? 'GET',
        url: new URL(String(input), 'http://localhost'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        key: new Headers(init?.headers).get('Idempotency-Key'),
      };
      calls.push(call);
      const dictionary = /^\/system\/dict\/data\/type\/(.+)$/.exec(call.url.pathname)?.[1];
      const body = dictionary
        ? { code: 200, msg: 'ok', data: DICTIONARIES[dictionary] ?? [] }
        : (answer(call) ?? { code: 200, msg: 'ok', data: [] });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return {
    writes: () =>
      calls
        .filter((c) => c.method !== 'GET')
        .map(({ method, url, body, key }) => ({ method, path: url.pathname, body, key })),
    lists: (path: string) => calls.filter((c) => c.method === 'GET' && c.url.pathname === path).map((c) => c.url),
  };
}

/** The results list and one project's result, which `result()` gives as it is now. */
export function serveResult(row: ResultRow, result: () => ProjectResult, more?: (call: Call) => unknown) {
  return serve((call) => {
    const path = call.url.pathname;
    if (path === '/api/results') return { code: 200, msg: 'ok', rows: [row], total: 1 };
    if (path === '/api/results/9' && call.method === 'GET') return { code: 200, msg: 'ok', data: result() };
    return more?.(call);
  });
}

export const renderAt = (ui: ReactNode, permissions: string[], path = '/') =>
  renderPage(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>, permissions);

/** Types text into a field at once (a paste): typing key by key costs seconds on a loaded machine. */
export async function fill(
  user: { click: (e: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  field: Element,
  text: string,
) {
  await user.click(field);
  await user.paste(text);
}

/** The server's answer to one step: `data` for a POST to `path`, nothing for any other call. */
export const answering =
  (path: string, data: unknown) =>
  (call: Call): unknown =>
    call.method === 'POST' && call.url.pathname === path ? { code: 200, msg: 'done', data } : undefined;

/** The dialog (a modal, not the drawer under it) that holds an element. */
export const modalOf = (element: HTMLElement) => element.closest<HTMLElement>('.ant-modal')!;

/** Opens the listed project's result in its drawer. */
export async function openResult(user: { click: (e: Element) => Promise<void> }) {
  const row = (await screen.findByText('Canal lighting')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: /Open|View/ }));
  return screen.findByTestId('result-detail');
}

/** Serves the list and the result, renders the page and opens the result: the scene of a step. */
export async function openResultPage(
  page: ReactNode,
  permissions: string[],
  row: ResultRow,
  result: () => ProjectResult,
  more?: (call: Call) => unknown,
) {
  const server = serveResult(row, result, more);
  const user = userEvent.setup();
  renderAt(page, permissions);
  const detail = await openResult(user);
  return { server, user, detail };
}
