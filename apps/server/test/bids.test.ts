import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { receiptHashOf } from '../src/modules/bids/bid-crypto.ts';
import { as, createProject, createSupplier, ownerOfNewOrganisation } from './factories.ts';
import {
  MODEL_2,
  applyTo,
  bid,
  biddingApp,
  biddingScene,
  closeBidding,
  qualify,
  reachOpening,
  sealed,
  type Bidder,
} from './bids-fixtures.ts';
import type { TestApp } from './test-app.ts';

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => ({ t, admin, owner, auditor, supervisor } = await biddingApp()));
afterAll(() => t.close());

const people = () => ({ owner, auditor });
const bidRows = (projectId: number) =>
  queryRows<{ id: number; application_id: number; superseded_at: Date | null; idempotency_key: string | null }>(
    t.database.db,
    sql`select id, application_id, superseded_at, idempotency_key from bids where project_id = ${projectId} order by id`,
  );

describe('submitting a sealed price', () => {
  it('answers a receipt with the database time and the hash of the canonical bid, never the price', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1);
    const [s] = bidders as [Bidder];
    const before = await queryRows<{ now: Date }>(t.database.db, sql`select now() as now`);
    const res = await bid(t, s, projectId, 4_321_000);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({ projectId, companyName: s.compName, replayed: false });
    expect(receipt.receiptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(receipt.submittedAt).getTime()).toBeGreaterThanOrEqual(new Date(before[0]!.now).getTime() - 1);
    expect(res.body).not.toContain('4321000');
    expect(res.body).not.toContain('43210');

    const list = (await as(t.app, s.token).get('/api/bidding2/projects')).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ projectId, applicationId: s.applicationId, open: true, openedAt: null });
    expect(list.rows[0].receipt).toEqual({ ...receipt, replayed: undefined });
    expect(JSON.stringify(list)).not.toContain('4321000');
  });

  it('replaces the live bid until the deadline: one live bid, the previous one superseded', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1);
    const [s] = bidders as [Bidder];
    const first = await sealed(t, s, projectId, 5_000_000);
    const second = await sealed(t, s, projectId, 4_900_000);
    expect(second.bidId).not.toBe(first.bidId);
    const rows = await bidRows(projectId);
    expect(rows.map((r) => [r.id, r.superseded_at === null])).toEqual([
      [first.bidId, false],
      [second.bidId, true],
    ]);
    const list = (await as(t.app, s.token).get('/api/bidding2/projects')).json();
    expect(list.rows[0].receipt.bidId).toBe(second.bidId);
  });

  it('keeps one live bid per application when replacements race', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1);
    const [s] = bidders as [Bidder];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => bid(t, s, projectId, 3_000_000 + i)));
    expect(answers.map((a) => a.json().code)).toEqual(Array(12).fill(200));
    const rows = await bidRows(projectId);
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r.superseded_at === null)).toHaveLength(1);
  });

  it('answers a replayed Idempotency-Key with the first receipt and makes one bid', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1);
    const [s] = bidders as [Bidder];
    const first = await sealed(t, s, projectId, 6_000_000, 'bid-key-1');
    const again = await bid(t, s, projectId, 6_000_000, 'bid-key-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual({ ...first, replayed: true });
    // Simultaneous retries of a new key also make one bid.
    const racing = await Promise.all(Array.from({ length: 8 }, () => bid(t, s, projectId, 6_100_000, 'bid-key-2')));
    expect(new Set(racing.map((r) => r.json().data.bidId)).size).toBe(1);
    expect(await bidRows(projectId)).toHaveLength(2);
    // The same key with another price is refused, and names neither price.
    const other = await bid(t, s, projectId, 6_200_000, 'bid-key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().msg).toBe('this Idempotency-Key was already used for a different bid');
    expect(other.body).not.toMatch(/6_?[0-2]00_?000|60000|61000|62000/);
    // A retry after the deadline still gets its receipt; a new bid does not.
    await closeBidding(t, projectId);
    expect((await bid(t, s, projectId, 6_100_000, 'bid-key-2')).json().data.replayed).toBe(true);
    expect((await bid(t, s, projectId, 6_100_000, 'bid-key-3')).statusCode).toBe(409);
    expect(await bidRows(projectId)).toHaveLength(2);
  });

  it('refuses a bid after the deadline by the database clock, before the scheduler has run', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1);
    const [s] = bidders as [Bidder];
    await t.database.db.execute(
      sql`update projects set bid_deadline = now() - interval '1 second' where id = ${projectId}`,
    );
    const res = await bid(t, s, projectId, 7_000_000);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/^the bid deadline has passed \(.+\): bids are no longer accepted$/);
    const zh = await bid(t, s, projectId, 7_000_000, undefined, 'zh-CN');
    expect(zh.json().msg).toMatch(/投标截止时间.*已过，不再接受报价/);
    expect(await bidRows(projectId)).toHaveLength(0);
  });

  it('refuses bids out of order, each with its message', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 1);
    const [s] = bidders as [Bidder];
    const refusal = async (res: Awaited<ReturnType<typeof bid>>, status: number, msg: string | RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toMatch(msg);
    };
    // A company without a qualified application: not applied, and applied but not yet checked.
    const stranger = await createSupplier(t);
    await refusal(
      await bid(t, stranger, projectId, 100),
      403,
      'your company has no qualified application to this project: bids come after the qualification check',
    );
    await applyTo(t, stranger, projectId);
    await refusal(await bid(t, stranger, projectId, 100), 403, /no qualified application/);
    // Another company's application does not make this company's bid: bids go by the caller's company.
    const other = await createSupplier(t);
    await refusal(await bid(t, other, projectId, 100), 403, /no qualified application/);
    // Another model, a project that is not published, a price above the budget.
    const pool = await createProject(t, people(), 'published', { ...MODEL_2, model: 1 });
    await refusal(
      await bid(t, s, pool, 100),
      409,
      'this project takes no sealed price: its selection model is not price competition',
    );
    await refusal(await bid(t, s, projectId, MODEL_2.budget + 1), 400, 'may not exceed the budget of ¥2,000,000.00');
    await refusal(await bid(t, s, projectId, 0), 400, 'price: must be more than 0');
    await refusal(await bid(t, s, projectId, 0, undefined, 'zh-CN'), 400, '报价：须大于 0');
    await refusal(await bid(t, s, projectId, 10.5), 400, 'price: a whole number of fen (1/100 yuan)');
    const cancelled = await as(t.app, owner).post(`/api/projects/${projectId}/cancel`, { reason: 'Budget withdrawn' });
    expect(cancelled.json().code, cancelled.body).toBe(200);
    await refusal(await bid(t, s, projectId, 100), 409, 'a project that is cancelled takes no bids');
    const draft = await createProject(t, people(), 'draft', MODEL_2);
    await refusal(await bid(t, s, draft, 100), 404, 'project does not exist');
    // Staff hold no bid permission at all.
    expect(
      (await as(t.app, admin).post(`/api/bidding2/projects/${projectId}/bids`, { priceFen: 100 })).statusCode,
    ).toBe(403);
    expect(await bidRows(projectId)).toHaveLength(0);
  });

  it('downloads the receipt as PDF and text, only by the company that bid', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 2);
    const [s, other] = bidders as [Bidder, Bidder];
    const r = await sealed(t, s, projectId, 8_888_800);
    const pdf = await as(t.app, s.token).get(`/api/bidding2/bids/${r.bidId}/receipt`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/attachment; filename="bid-receipt-LV\d+-\d+\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(r.receiptHash);
    const txt = await as(t.app, s.token).get(`/api/bidding2/bids/${r.bidId}/receipt?format=txt`);
    expect(txt.body).toContain(r.receiptHash);
    expect(txt.body).toContain(s.compName);
    // The time a person reads is the platform's wall time, its zone named; the UTC form is the one
    // the receipt hash is computed over, labelled as such.
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(new Date(r.submittedAt));
    expect(txt.body).toContain(`Submitted at / 提交时间: ${wall} (Asia/Shanghai, GMT+8)`);
    expect(txt.body).toContain(`In the receipt (UTC) / 回执计算用时间: ${r.submittedAt}`);
    for (const body of [pdf.rawPayload.toString('latin1'), txt.body]) expect(body).not.toContain('8888800');
    expect((await as(t.app, other.token).get(`/api/bidding2/bids/${r.bidId}/receipt`)).statusCode).toBe(404);
    expect((await as(t.app, owner).get(`/api/bidding2/bids/${r.bidId}/receipt`)).statusCode).toBe(403);
  });

  it('keeps the receipt matching the stored bid, which the opening record lets anyone recompute', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 2);
    const [a, b] = bidders as [Bidder, Bidder];
    const ra = await sealed(t, a, projectId, 1_111_100);
    const rb = await sealed(t, b, projectId, 2_222_200);
    const stored = await queryRows<{ id: number; receipt_hash: string }>(
      t.database.db,
      sql`select id, receipt_hash from bids where project_id = ${projectId} order by id`,
    );
    expect(stored.map((r) => [r.id, r.receipt_hash])).toEqual([
      [ra.bidId, ra.receiptHash],
      [rb.bidId, rb.receiptHash],
    ]);
    await reachOpening(t, projectId);
    expect((await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`)).json().code).toBe(200);
    const record = (await as(t.app, owner).post(`/api/openings/${projectId}/open`)).json().data;
    for (const [receipt, price] of [
      [ra, 1_111_100],
      [rb, 2_222_200],
    ] as const) {
      const line = record.bids.find((x: { bidId: number }) => x.bidId === receipt.bidId);
      expect(line).toMatchObject({
        priceFen: price,
        receiptHash: receipt.receiptHash,
        submittedAt: receipt.submittedAt,
      });
      expect(
        receiptHashOf({
          projectId,
          applicationId: line.applicationId,
          priceFen: line.priceFen,
          submittedAt: new Date(line.submittedAt),
          nonce: line.nonce,
        }),
      ).toBe(receipt.receiptHash);
    }
    // The bidders now read the record on their page.
    const mine = (await as(t.app, a.token).get(`/api/bidding2/projects/${projectId}/opening`)).json();
    expect(mine.data.bids.map((x: { priceFen: number }) => x.priceFen)).toEqual([1_111_100, 2_222_200]);
  });

  it("keeps each owner's bid list to its own organisation", async () => {
    const { token: stranger } = await ownerOfNewOrganisation(t, admin, 'Elsewhere Water Board');
    const { projectId } = await biddingScene(t, people(), 1);
    await closeBidding(t, projectId);
    expect((await as(t.app, stranger).get(`/api/openings/${projectId}`)).statusCode).toBe(404);
    expect((await as(t.app, stranger).get('/api/openings?tab=closed')).json().total).toBe(0);
    const mine = (await as(t.app, owner).get('/api/openings?tab=closed')).json();
    expect(mine.rows.map((r: { projectId: number }) => r.projectId)).toContain(projectId);
  });

  it('lists nothing to a supplier without qualified applications', async () => {
    const s = await createSupplier(t);
    const list = (await as(t.app, s.token).get('/api/bidding2/projects')).json();
    expect(list).toMatchObject({ code: 200, rows: [], total: 0 });
    const { projectId } = await biddingScene(t, people(), 0);
    const id = await applyTo(t, s, projectId);
    expect((await as(t.app, s.token).get('/api/bidding2/projects')).json().total).toBe(0);
    await qualify(t, auditor, id);
    expect((await as(t.app, s.token).get('/api/bidding2/projects')).json().total).toBe(1);
  });
});
