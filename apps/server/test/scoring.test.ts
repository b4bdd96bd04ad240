import { drawListHash, drawOrder, hexBytes } from '@lvb/contracts/draw';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { as, employeeWith, ownerOfNewOrganisation, uploadPdf } from './factories.ts';
import { biddingApp, biddingScene, reachOpening, type Bidder } from './bids-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';

/** Best-value scoring: the panel, its scores, their secrecy until all submitted, the ranking. */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
let members: { token: string; userId: number }[];
beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
  members = [];
  for (let i = 0; i < 2; i++)
    members.push(await employeeWith(t, admin, ['selection:score:list', 'selection:score:edit']));
}, 60_000);
afterAll(() => t.close());

const MODEL_3 = { model: 3, budget: 200_000_000, minParticipants: 3 };
const people = () => ({ owner, auditor });
type Scorer = { token: string };

/** A best-value project opened with these prices, its bids in bidder order. */
async function opened(prices: number[]) {
  const { projectId, bidders } = await biddingScene(t, people(), prices.length, MODEL_3);
  const bidIds: number[] = [];
  const proposals: string[] = [];
  for (const [i, s] of bidders.entries()) {
    proposals.push(await uploadPdf(t, s.token));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bidding3/projects/${projectId}/bids`,
      headers: bearer(s.token),
      payload: { priceFen: prices[i]!, proposals: [proposals[i]!] },
    });
    expect(res.statusCode, res.body).toBe(200);
    bidIds.push(res.json().data.bidId);
  }
  await reachOpening(t, projectId);
  await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`);
  const open = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
  expect(open.json().data.outcome, open.body).toBe('scoring');
  return { projectId, bidders, bidIds, proposals, tieSeed: open.json().data.tieSeed as string };
}

const detail = (token: string, id: number) => as(t.app, token).get(`/api/scoring/${id}`);
const assign = (id: number, userIds: number[], token = owner) =>
  t.app.inject({ method: 'PUT', url: `/api/scoring/${id}/panel`, headers: bearer(token), payload: { userIds } });
/** Scores per bid (in bid order): one list of the three default criteria each. */
const submit = (m: Scorer, id: number, bidIds: number[], perBid: number[][]) =>
  as(t.app, m.token).post(`/api/scoring/${id}/scores`, {
    scores: bidIds.flatMap((bidId, i) => perBid[i]!.map((score, criterion) => ({ bidId, criterion, score }))),
  });
async function submitted(m: Scorer, id: number, bidIds: number[], perBid: number[][]) {
  const res = await submit(m, id, bidIds, perBid);
  expect(res.statusCode, res.body).toBe(200);
}
const finalise = (id: number, token = owner) => as(t.app, token).post(`/api/scoring/${id}/finalise`);

describe('the scoring panel', () => {
  it('is assigned by the owner organisation only, of employees who may score, until a member submitted', async () => {
    const { projectId, bidIds } = await opened([3_000_000, 2_000_000, 2_500_000]);
    expect((await assign(projectId, [members[0]!.userId], supervisor)).statusCode).toBe(403);
    const { token: stranger } = await ownerOfNewOrganisation(t, admin, 'Faraway Scoring Office');
    expect((await assign(projectId, [members[0]!.userId], stranger)).statusCode).toBe(404);
    expect((await assign(projectId, [])).statusCode).toBe(400);
    const nobody = await employeeWith(t, admin, ['selection:score:list']);
    const refused = await assign(projectId, [nobody.userId]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('is not an active employee who may score');
    expect((await assign(projectId, [members[0]!.userId])).statusCode).toBe(200);
    await submitted(members[0]!, projectId, bidIds, [
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    const late = await assign(projectId, [members[1]!.userId]);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('a panel member has submitted scores: the panel can no longer change');
  });

  it('reads the valid bids’ proposals once the bids are opened, as the owner does; a supplier does not', async () => {
    const { projectId, bidders, bidIds, proposals } = await opened([3_000_000, 2_000_000, 2_500_000]);
    expect((await assign(projectId, [members[0]!.userId])).statusCode).toBe(200);
    const listed = (await detail(members[0]!.token, projectId)).json().data.proposals;
    const byBid = (x: [number, string][]) => x.sort((a, b) => a[0] - b[0]);
    expect(byBid(listed.map((f: { bidId: number; fileName: string }) => [f.bidId, f.fileName]))).toEqual(
      byBid(bidIds.map((id, i) => [id, proposals[i]!])),
    );
    const url = `/api/scoring/${projectId}/bids/${bidIds[0]}/files/${proposals[0]}`;
    for (const token of [members[0]!.token, owner]) {
      const res = await as(t.app, token).get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await as(t.app, bidders[1]!.token).get(url)).statusCode).toBe(403);
    // A file of one bid is not served as another bid's.
    const crossed = `/api/scoring/${projectId}/bids/${bidIds[1]}/files/${proposals[0]}`;
    expect((await as(t.app, owner).get(crossed)).statusCode).toBe(404);
  });

  it('cannot be assigned before the opening', async () => {
    const { projectId } = await biddingScene(t, people(), 1, MODEL_3);
    const res = await assign(projectId, [members[0]!.userId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/^this project is not open for scoring/);
  });
});

describe('the scoring list and the panel candidates', () => {
  const rowOf = async (token: string, tab: string, id: number) =>
    ((await as(t.app, token).get(`/api/scoring?tab=${tab}&pageSize=100`)).json().rows as { projectId: number }[]).find(
      (r) => r.projectId === id,
    );

  it('lists a project to its owner organisation and its panel, by tab, and offers only employees who may score', async () => {
    const { projectId, bidIds } = await opened([3_000_000, 2_000_000, 2_500_000]);
    // A member whose data scope is its own records sees the project through the panel alone.
    const scoped = await employeeWith(t, admin, ['selection:score:list', 'selection:score:edit'], { dataScope: '5' });
    expect(await rowOf(scoped.token, 'scoring', projectId)).toBeUndefined();
    const candidates = await as(t.app, owner).get(`/api/scoring/${projectId}/candidates`);
    expect(candidates.statusCode, candidates.body).toBe(200);
    const offered = candidates.json().data.map((c: { userId: number }) => c.userId);
    expect(offered).toEqual(expect.arrayContaining([members[0]!.userId, scoped.userId]));
    const nobody = await employeeWith(t, admin, ['selection:score:list']);
    expect(offered).not.toContain(nobody.userId);
    const { token: stranger } = await ownerOfNewOrganisation(t, admin, 'Candidates Elsewhere Office');
    expect((await as(t.app, stranger).get(`/api/scoring/${projectId}/candidates`)).statusCode).toBe(404);
    expect((await as(t.app, nobody.token).get(`/api/scoring/${projectId}/candidates`)).statusCode).toBe(403);

    expect((await assign(projectId, [scoped.userId])).statusCode).toBe(200);
    expect(await rowOf(owner, 'scoring', projectId)).toMatchObject({ panelSize: 1, submitted: 0, member: false });
    expect(await rowOf(scoped.token, 'scoring', projectId)).toMatchObject({
      member: true,
      mySubmitted: false,
      finalisedAt: null,
    });
    expect(await rowOf(stranger, 'scoring', projectId)).toBeUndefined();
    await submitted(scoped, projectId, bidIds, [
      [40, 30, 30],
      [20, 15, 15],
      [30, 20, 20],
    ]);
    expect(await rowOf(scoped.token, 'scoring', projectId)).toMatchObject({ submitted: 1, mySubmitted: true });
    expect((await finalise(projectId)).statusCode).toBe(200);
    expect(await rowOf(owner, 'scoring', projectId)).toBeUndefined();
    expect((await rowOf(owner, 'finalised', projectId)) as unknown).toMatchObject({ status: 'result_pending' });
    expect(await rowOf(scoped.token, 'finalised', projectId)).toBeDefined();
    expect(await rowOf(stranger, 'finalised', projectId)).toBeUndefined();
  });
});

describe("a project type's price weight and criteria", () => {
  const CRITERIA = [
    { name: 'Method', nameZh: '方法', max: 60 },
    { name: 'Team', nameZh: '团队', max: 40 },
  ];

  it('are set and edited by the administrator with the type, each checked, and shown in the list', async () => {
    const created = await as(t.app, admin).post('/api/basic/types', {
      code: `bv_${Date.now() % 1_000_000}`,
      name: 'Best-value test type',
      valueLimit: 4_000_000,
      priceWeight: 30,
      scoreCriteria: CRITERIA,
    });
    expect(created.json().code, created.body).toBe(200);
    const id = created.json().data.id as number;
    const read = async () => (await as(t.app, admin).get(`/api/basic/types/${id}`)).json().data;
    expect(await read()).toMatchObject({ priceWeight: 30, scoreCriteria: CRITERIA });
    const base = { code: 'ignored', name: 'Best-value test type', valueLimit: 4_000_000 };
    const bad = await as(t.app, admin).put(`/api/basic/types/${id}`, {
      ...base,
      scoreCriteria: [{ name: 'Method', nameZh: '方法', max: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('criterion: 1 to 100 points');
    expect((await as(t.app, admin).put(`/api/basic/types/${id}`, { ...base, scoreCriteria: [] })).statusCode).toBe(400);
    const edited = await as(t.app, admin).put(`/api/basic/types/${id}`, { ...base, priceWeight: 50 });
    expect(edited.statusCode, edited.body).toBe(200);
    // What the edit leaves out stays.
    expect(await read()).toMatchObject({ priceWeight: 50, scoreCriteria: CRITERIA });
  });

  it('cannot change while a best-value project of the type is open or being scored', async () => {
    await opened([3_000_000, 2_000_000, 2_500_000]);
    const types = (await as(t.app, admin).get('/api/basic/types')).json().data as {
      id: number;
      code: string;
      name: string;
      valueLimit: number;
      priceWeight: number;
    }[];
    const construction = types.find((x) => x.code === 'construction')!;
    const body = { code: construction.code, name: construction.name, valueLimit: construction.valueLimit };
    const refused = await as(t.app, admin).put(`/api/basic/types/${construction.id}`, { ...body, priceWeight: 55 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^best-value projects of this type are open or being scored/);
    // The same rules, or an edit that leaves them out, still pass.
    const same = await as(t.app, admin).put(`/api/basic/types/${construction.id}`, {
      ...body,
      priceWeight: construction.priceWeight,
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('scores', () => {
  it('are refused from a non-member, out of range, incomplete, and after submitting', async () => {
    const { projectId, bidIds } = await opened([3_000_000, 2_000_000, 2_500_000]);
    expect((await assign(projectId, [members[0]!.userId])).statusCode).toBe(200);
    const full = [
      [40, 30, 30],
      [20, 15, 15],
      [30, 20, 20],
    ];
    const outsider = await submit(members[1]!, projectId, bidIds, full);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().msg).toBe('only members of the panel score this project');
    const over = await submit(members[0]!, projectId, bidIds, [
      [41, 30, 30],
      [20, 15, 15],
      [30, 20, 20],
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('Technical approach is scored from 0 to 40');
    const missing = await submit(members[0]!, projectId, bidIds.slice(0, 2), full);
    expect(missing.json().msg).toBe('score every bid on every criterion, once each');
    await submitted(members[0]!, projectId, bidIds, full);
    const again = await submit(members[0]!, projectId, bidIds, full);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('you have submitted your scores: they can no longer change');
  });

  it('of each member stay hidden, totals too, until every member submitted; then the ranking follows the formula', async () => {
    // Price weight 40, criteria 40/30/30 (the default of every type).
    const { projectId, bidders, bidIds } = await opened([3_000_000, 2_000_000, 2_500_000]);
    expect(
      (
        await assign(
          projectId,
          members.map((m) => m.userId),
        )
      ).statusCode,
    ).toBe(200);
    await submitted(members[0]!, projectId, bidIds, [
      [40, 30, 30],
      [20, 15, 15],
      [30, 20, 20],
    ]);
    const early = (await detail(owner, projectId)).json().data;
    expect(early.allScores).toBeNull();
    expect(early.bids.every((b: { total: null }) => b.total === null)).toBe(true);
    expect(early.canFinalise).toBe(false);
    const mine = (await detail(members[0]!.token, projectId)).json().data;
    expect(mine.myScores.scores).toHaveLength(9);
    expect(mine.allScores).toBeNull();
    expect((await detail(members[1]!.token, projectId)).json().data.myScores).toBeNull();
    expect((await finalise(projectId)).json().msg).toBe('every panel member must submit scores before the ranking');

    await submitted(members[1]!, projectId, bidIds, [
      [40, 30, 30],
      [30, 15, 15],
      [30, 20, 20],
    ]);
    const all = (await detail(owner, projectId)).json().data;
    expect(all.allScores).toHaveLength(2);
    expect((await detail(members[1]!.token, projectId)).json().data.allScores).toHaveLength(2);
    // By hand: price scores 40×2/3 = 26.67, 40, 40×2/2.5 = 32; technical (avg sums 100, 55, 70) × 60/100.
    const byBid = new Map(all.bids.map((b: { bidId: number }) => [b.bidId, b]));
    expect(byBid.get(bidIds[0]!)).toMatchObject({ priceScore: 26.67, technicalScore: 60, total: 86.67, rank: 1 });
    expect(byBid.get(bidIds[1]!)).toMatchObject({
      priceScore: 40,
      criteria: [25, 15, 15],
      technicalScore: 33,
      total: 73,
      rank: 3,
    });
    expect(byBid.get(bidIds[2]!)).toMatchObject({ priceScore: 32, technicalScore: 42, total: 74, rank: 2 });
    expect(all.canFinalise).toBe(true);

    expect((await finalise(projectId, members[0]!.token)).statusCode).toBe(403);
    const done = await finalise(projectId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.map((b: { bidId: number }) => b.bidId)).toEqual([bidIds[0], bidIds[2], bidIds[1]]);
    const [project] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from projects where id = ${projectId}`,
    );
    expect(project!.status).toBe('result_pending');
    const applications = await queryRows<{ id: number; status: string }>(
      t.database.db,
      sql`select id, status from applications where project_id = ${projectId} order by id`,
    );
    expect(applications.map((a) => [a.id, a.status])).toEqual(
      bidders.map((b: Bidder, i) => [b.applicationId, i === 0 ? 'won' : 'lost']),
    );
    const notice = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from notices where company_id = ${bidders[0]!.compId} and title like 'Best-value ranking%'`,
    );
    expect(notice[0]!.content).toContain('ranks 1 of 3');
    // And each bidder's accounts by SMS, in both languages.
    const texts = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where tel = ${bidders[2]!.tel} and content like '%综合评分%'`,
    );
    expect(texts.map((x) => x.content)).toEqual([expect.stringMatching(/排名第 2（共 3 家）.*ranks 2 of 3/)]);
    expect((await finalise(projectId)).statusCode).toBe(409);
    expect(
      (
        await submit(members[0]!, projectId, bidIds, [
          [1, 1, 1],
          [1, 1, 1],
          [1, 1, 1],
        ])
      ).statusCode,
    ).toBe(409);
  });

  it('breaks a tie of totals by the opening’s published seed, reproducibly', async () => {
    const { projectId, bidIds, tieSeed } = await opened([2_000_000, 2_000_000, 3_000_000]);
    expect((await assign(projectId, [members[0]!.userId])).statusCode).toBe(200);
    const same = [
      [30, 20, 20],
      [30, 20, 20],
      [30, 20, 20],
    ];
    await submitted(members[0]!, projectId, bidIds, same);
    const bids = (await detail(owner, projectId)).json().data.bids as {
      bidId: number;
      receiptHash: string;
      tied: boolean;
      total: number;
    }[];
    const tied = bids.filter((b) => b.tied);
    expect(tied.map((b) => b.total)).toEqual([82, 82]);
    // The published draw over the tied receipts (sorted, one per line), seeded by the opening's seed.
    const receipts = tied.map((b) => b.receiptHash).sort();
    const order = await drawOrder(hexBytes(tieSeed), await drawListHash(receipts.map((r) => `${r}\n`).join('')), '', 2);
    expect(tied.map((b) => b.receiptHash)).toEqual(order.map((i) => receipts[i]));
    const ranked = (await finalise(projectId)).json().data as { bidId: number }[];
    expect(ranked.map((b) => b.bidId)).toEqual(bids.map((b) => b.bidId));
  });
});
