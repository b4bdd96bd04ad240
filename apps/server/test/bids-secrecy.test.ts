import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { routeRegistry } from '../src/plugins/access.ts';
import { as, createSupplier, signInAs } from './factories.ts';
import { bid, biddingScene, loggedTestApp, reachOpening, type Bidder } from './bids-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';

/**
 * No role reads a price before the opening (DESIGN §7): a distinctive price is sealed, then every
 * GET route of the app is called by every role with every id of the scene, exports included, and
 * the answers, the server's log (every level) and the text of every table are searched for the
 * price written in any way. After the opening the same search must find it, or it proves nothing.
 */

const PRICE = 123_456_789;
/** The price as fen, as yuan with and without grouping, grouped fen, and in hex. */
const FORMS = ['123456789', '1234567.89', '1,234,567.89', '123,456,789', '75bcd15'];

const lines: string[] = [];
let t: TestApp;
let tokens: Record<string, string>;
let projectId: number;
let bidders: Bidder[];
let ids: number[];

beforeAll(async () => {
  routeRegistry.length = 0;
  t = await loggedTestApp(lines);
  const [admin, owner, auditor, supervisor] = await Promise.all(
    (['admin', 'owner1', 'auditor1', 'supervisor1'] as const).map((who) => signInAs(t, who)),
  );
  ({ projectId, bidders } = await biddingScene(t, { owner: owner!, auditor: auditor! }, 3));
  const outsider = await createSupplier(t);
  tokens = {
    admin: admin!,
    owner: owner!,
    auditor: auditor!,
    supervisor: supervisor!,
    bidder: bidders[0]!.token,
    otherBidder: bidders[1]!.token,
    outsider: outsider.token,
  };
}, 120_000);
afterAll(() => t.close());

const found = (text: string) => FORMS.filter((f) => text.toLowerCase().includes(f));

/** The text of an answer; a workbook's cells, since its file is compressed. */
async function textOf(res: LightMyRequestResponse): Promise<string> {
  if (!String(res.headers['content-type'] ?? '').includes('spreadsheetml')) return res.rawPayload.toString('latin1');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
  return cells.join('\n');
}

/** Every GET path of the app, each path parameter filled with every id of the scene. */
function getPaths(): string[] {
  const paths = new Set<string>();
  for (const r of routeRegistry) {
    if (!r.method.split(',').includes('GET') || r.url.includes('*') || r.url.startsWith('/api/docs')) continue;
    if (!r.url.includes(':')) {
      paths.add(`${r.url}?pageSize=100`);
      continue;
    }
    for (const id of ids) paths.add(`${r.url.replace(/:[A-Za-z]+/g, String(id))}?pageSize=100&format=txt`);
  }
  for (const tab of ['closed', 'due', 'opened']) paths.add(`/api/openings?tab=${tab}`);
  return [...paths];
}

/** Calls every GET path as every role; answers where the price was found, and how many calls answered 200. */
async function sweep(): Promise<{ leaks: string[]; answered: number }> {
  const leaks: string[] = [];
  let answered = 0;
  for (const [role, token] of Object.entries(tokens)) {
    for (const path of getPaths()) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
      if (res.statusCode === 200) answered += 1;
      for (const form of found(await textOf(res))) leaks.push(`${role} GET ${path}: ${form}`);
    }
  }
  return { leaks, answered };
}

/** Every table's rows as text, with the tables where the price was found. */
async function tablesWithPrice(): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  expect(tables.map((x) => x.name)).toContain('bids');
  const leaks: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ text: string | null }>(
      t.database.db,
      sql`select string_agg(x::text, E'\n') as text from ${sql.identifier(name)} x`,
    );
    for (const form of found(row?.text ?? '')) leaks.push(`${name}: ${form}`);
  }
  return leaks;
}

describe('a sealed price before the opening', () => {
  it('is not in any answer, log line or table, for any role', async () => {
    const [a, b, c] = bidders as [Bidder, Bidder, Bidder];
    ids = [projectId, ...bidders.flatMap((x) => [x.applicationId, x.compId])];
    const answers: LightMyRequestResponse[] = [];
    // The price, replaced and submitted again with a key, retried, misused; the others bid too.
    answers.push(await bid(t, a, projectId, PRICE + 100));
    answers.push(await bid(t, a, projectId, PRICE, 'sealed-1'));
    answers.push(await bid(t, a, projectId, PRICE, 'sealed-1'));
    answers.push(await bid(t, a, projectId, PRICE - 1, 'sealed-1'));
    answers.push(await bid(t, a, projectId, PRICE, 'sealed-1', 'zh-CN'));
    answers.push(await bid(t, b, projectId, 150_000_000));
    answers.push(await bid(t, c, projectId, 160_000_000));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 422, 200, 200, 200]);
    // Malformed prices are refused without being repeated, in either language.
    for (const priceFen of [PRICE / 100, String(PRICE), -PRICE])
      for (const lang of ['en', 'zh-CN']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/bidding2/projects/${projectId}/bids`,
          headers: { ...bearer(a.token), 'accept-language': lang },
          payload: { priceFen },
        });
        expect(res.statusCode).toBe(400);
        answers.push(res);
      }
    const bidIds = answers.flatMap((r) => (r.statusCode === 200 ? [r.json().data.bidId as number] : []));
    ids.push(...new Set(bidIds));
    for (const res of answers) expect(found(res.body), res.body).toEqual([]);

    const whileOpen = await sweep();
    expect(whileOpen.leaks).toEqual([]);
    expect(whileOpen.answered).toBeGreaterThan(300);

    // At the opening time, the supervisor present: still sealed until the owner opens.
    await reachOpening(t, projectId);
    expect((await as(t.app, tokens.supervisor!).post(`/api/openings/${projectId}/witness`)).json().code).toBe(200);
    expect((await sweep()).leaks).toEqual([]);
    // The log holds the submissions (their paths), and nothing of their prices.
    expect(lines.join('')).toContain(`/api/bidding2/projects/${projectId}/bids`);
    expect(found(lines.join(''))).toEqual([]);
    expect(await tablesWithPrice()).toEqual([]);

    // The search finds the price once it is opened: it was able to.
    const opened = await as(t.app, tokens.owner!).post(`/api/openings/${projectId}/open`);
    expect(opened.json().code, opened.body).toBe(200);
    const after = await sweep();
    expect(after.leaks).toContain(`owner GET /api/openings/${projectId}?pageSize=100&format=txt: 123456789`);
    expect(after.leaks).toContain(
      `bidder GET /api/bidding2/projects/${projectId}/opening?pageSize=100&format=txt: 123456789`,
    );
    expect(await tablesWithPrice()).toContain('openings: 123456789');
  }, 300_000);
});
