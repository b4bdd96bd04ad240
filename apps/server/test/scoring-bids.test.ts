import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { as, createProject, uploadPdf } from './factories.ts';
import {
  applyTo,
  biddingApp,
  biddingScene,
  closeBidding,
  qualify,
  reachOpening,
  type Bidder,
  type Supplier,
} from './bids-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';

/** Best-value bids (model 3): a sealed price and technical proposal files, secret until the opening. */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => ({ t, admin, owner, auditor, supervisor } = await biddingApp()));
afterAll(() => t.close());

const MODEL_3 = { model: 3, budget: 200_000_000, minParticipants: 3 };
const people = () => ({ owner, auditor });

const bid3 = (s: Supplier, projectId: number, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bidding3/projects/${projectId}/bids`,
    headers: { ...bearer(s.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const attached = (bidId: number) =>
  queryRows<{ stored_name: string }>(
    t.database.db,
    sql`select stored_name from files where record_type = 'bid' and record_id = ${bidId} order by id`,
  );

describe('a best-value bid', () => {
  it('seals a price with proposal files and answers a receipt without the price', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1, MODEL_3);
    const [s] = bidders as [Bidder];
    const proposal = await uploadPdf(t, s.token);
    const res = await bid3(s, projectId, { priceFen: 7_654_321, proposals: [proposal] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ projectId, companyName: s.compName, replayed: false });
    expect(res.body).not.toContain('7654321');
    expect((await attached(res.json().data.bidId)).map((f) => f.stored_name)).toEqual([proposal]);

    const list = (await as(t.app, s.token).get('/api/bidding3/projects')).json();
    expect(list.rows.map((r: { projectId: number }) => r.projectId)).toEqual([projectId]);
    expect((await as(t.app, s.token).get('/api/bidding2/projects')).json().rows).toEqual([]);
  });

  it('needs a proposal file of its own: none, a stranger’s or one in use is refused', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 2, MODEL_3);
    const [s, other] = bidders as [Bidder, Bidder];
    expect((await bid3(s, projectId, { priceFen: 5_000_000, proposals: [] })).statusCode).toBe(400);
    expect((await bid3(s, projectId, { priceFen: 5_000_000 })).statusCode).toBe(400);
    const foreign = await uploadPdf(t, other.token);
    const res = await bid3(s, projectId, { priceFen: 5_000_000, proposals: [foreign] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('not a file you uploaded');
    await bid3(other, projectId, { priceFen: 5_000_000, proposals: [foreign] });
    const mine = await uploadPdf(t, s.token);
    expect((await bid3(s, projectId, { priceFen: 5_000_000, proposals: [mine] })).statusCode).toBe(200);
    // Another project's bid may not take a file already attached to a bid.
    const second = await createProject(t, people(), 'published', MODEL_3);
    await qualify(t, auditor, await applyTo(t, s, second));
    const reused = await bid3(s, second, { priceFen: 5_000_000, proposals: [mine] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toContain('already in use');
  });

  it('replaces the live bid; the replaced bid’s files move to the new one; a retry answers the first receipt', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1, MODEL_3);
    const [s] = bidders as [Bidder];
    const [a, b] = [await uploadPdf(t, s.token), await uploadPdf(t, s.token)];
    const first = (await bid3(s, projectId, { priceFen: 6_000_000, proposals: [a] }, 'k-1')).json().data;
    const second = await bid3(s, projectId, { priceFen: 5_900_000, proposals: [a, b] }, 'k-2');
    expect(second.statusCode, second.body).toBe(200);
    expect((await attached(second.json().data.bidId)).map((f) => f.stored_name)).toEqual([a, b]);
    expect(await attached(first.bidId)).toEqual([]);
    const again = await bid3(s, projectId, { priceFen: 5_900_000, proposals: [a, b] }, 'k-2');
    expect(again.json().data).toMatchObject({ bidId: second.json().data.bidId, replayed: true });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The same key with other files is another bid, not a retry.
    const other = await bid3(s, projectId, { priceFen: 5_900_000, proposals: [a] }, 'k-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().msg).toBe('this Idempotency-Key was already used for a different bid');
    // The supplier's page lists the live bid's files, to keep or replace them.
    const page = (await as(t.app, s.token).get('/api/bidding3/projects')).json().rows;
    const row = page.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row.proposals.map((f: { fileName: string }) => f.fileName)).toEqual([a, b]);
    expect(row.receipt.bidId).toBe(second.json().data.bidId);
    const live = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bids where project_id = ${projectId} and superseded_at is null`,
    );
    expect(live[0]!.n).toBe(1);
  });

  it('is refused after the bid deadline by the database clock, on a price-competition project, and through the model-2 call', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1, MODEL_3);
    const [s] = bidders as [Bidder];
    const proposal = await uploadPdf(t, s.token);
    const wrongPage = await as(t.app, s.token).post(`/api/bidding2/projects/${projectId}/bids`, { priceFen: 1_000 });
    expect(wrongPage.statusCode).toBe(409);
    const model2 = await createProject(t, people(), 'published', { model: 2, budget: 200_000_000 });
    expect((await bid3(s, model2, { priceFen: 1_000, proposals: [proposal] })).statusCode).toBe(409);
    await closeBidding(t, projectId);
    const late = await bid3(s, projectId, { priceFen: 1_000, proposals: [proposal] });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toMatch(/bid deadline has passed|takes no bids/);
  });

  it('keeps the proposal unreadable to everyone but the bidder before the opening, the administrator included', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 2, MODEL_3);
    const [s, other] = bidders as [Bidder, Bidder];
    const proposal = await uploadPdf(t, s.token);
    expect((await bid3(s, projectId, { priceFen: 4_000_000, proposals: [proposal] })).statusCode).toBe(200);
    const url = `/common/download?fileName=${proposal}`;
    expect((await as(t.app, s.token).get(url)).statusCode).toBe(200);
    for (const token of [admin, owner, auditor, supervisor, other.token])
      expect((await as(t.app, token).get(url)).statusCode).toBe(403);
  });
});

/** Three qualified bidders of a best-value project bid with a proposal each; the opening time comes. */
async function openedScene(prices: number[]) {
  const { projectId, bidders } = await biddingScene(t, people(), prices.length, MODEL_3);
  const proposals: string[] = [];
  for (const [i, s] of bidders.entries()) {
    proposals.push(await uploadPdf(t, s.token));
    expect((await bid3(s, projectId, { priceFen: prices[i]!, proposals: [proposals[i]!] })).statusCode).toBe(200);
  }
  await reachOpening(t, projectId);
  expect((await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`)).json().code).toBe(200);
  return { projectId, bidders, proposals };
}

const statusOf = async (id: number) =>
  (await queryRows<{ status: string }>(t.database.db, sql`select status from projects where id = ${id}`))[0]!.status;

describe('the opening of a best-value project', () => {
  it('is listed by its model, opens the prices and keeps the project evaluating for the panel, unranked', async () => {
    const { projectId, bidders } = await openedScene([3_000_000, 2_000_000, 2_500_000]);
    const due = (await as(t.app, owner).get('/api/openings?tab=due&model=3')).json();
    expect(due.rows.map((r: { projectId: number }) => r.projectId)).toContain(projectId);
    const priceTab = (await as(t.app, owner).get('/api/openings?tab=due')).json();
    expect(priceTab.rows.map((r: { projectId: number }) => r.projectId)).not.toContain(projectId);

    const res = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().data;
    expect(record.outcome).toBe('scoring');
    expect(record.bids.map((b: { priceFen: number }) => b.priceFen)).toEqual([2_000_000, 2_500_000, 3_000_000]);
    expect(record.bids.every((b: { rank: null; valid: boolean }) => b.rank === null && b.valid)).toBe(true);
    expect(await statusOf(projectId)).toBe('evaluating');
    const applications = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from applications where project_id = ${projectId}`,
    );
    expect(applications.map((a) => a.status)).toEqual(['qualified', 'qualified', 'qualified']);
    // The bidders read the record on their page, and their notice says the panel scores next.
    const mine = await as(t.app, bidders[0]!.token).get(`/api/bidding3/projects/${projectId}/opening`);
    expect(mine.json().data.outcome).toBe('scoring');
    const notices = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from notices where project_id = ${projectId} and company_id = ${bidders[0]!.compId} and title like 'Bids opened%'`,
    );
    expect(notices[0]!.content).toContain('the panel scores the 3 valid bids next');
    expect((await as(t.app, owner).post(`/api/openings/${projectId}/open`)).statusCode).toBe(409);
  });

  it('fails the project with fewer valid bids than the minimum', async () => {
    const { projectId, bidders } = await openedScene([3_000_000, 2_000_000, 2_500_000]);
    await t.database.db.execute(
      sql`update applications set status = 'withdrawn' where id = ${bidders[0]!.applicationId}`,
    );
    const record = (await as(t.app, owner).post(`/api/openings/${projectId}/open`)).json().data;
    expect(record.outcome).toBe('failed');
    expect(record.reason).toBe('2 valid bids, fewer than the minimum of 3 participants');
    expect(await statusOf(projectId)).toBe('failed');
  });
});
