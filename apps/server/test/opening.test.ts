import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drawListHash, drawOrder, hexBytes } from '@lvb/contracts/draw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { as, employeeWith, ownerOfNewOrganisation } from './factories.ts';
import { biddingApp, biddingScene, closeBidding, reachOpening, sealed, type Bidder } from './bids-fixtures.ts';
import type { TestApp } from './test-app.ts';

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => ({ t, admin, owner, auditor, supervisor } = await biddingApp()));
afterAll(() => t.close());

const people = () => ({ owner, auditor });
const witness = (token = supervisor, id: number) => as(t.app, token).post(`/api/openings/${id}/witness`);
const open = (id: number, token = owner, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/openings/${id}/open`,
    headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
const statusOf = async (id: number) =>
  (
    await queryRows<{ status: string; status_reason: string | null }>(
      t.database.db,
      sql`select status, status_reason from projects where id = ${id}`,
    )
  )[0]!;
const applicationStatus = async (id: number) =>
  (await as(t.app, auditor).get(`/api/applications/${id}`)).json().data.status as string;

interface Line {
  rank: number | null;
  bidId: number;
  applicationId: number;
  priceFen: number;
  receiptHash: string;
  valid: boolean;
  tied: boolean;
  companyName: string;
}

describe('the order of an opening', () => {
  it('refuses every step out of order, each with its message', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 3);
    for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, 1_000_000 + i);
    const refused = async (res: Awaited<ReturnType<typeof open>>, status: number, msg: string | RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toMatch(msg);
    };
    // While bids are still taken: no presence, no opening.
    await refused(
      await witness(supervisor, projectId),
      409,
      'presence is confirmed once bidding has closed, before the opening: the project is published',
    );
    await refused(await open(projectId), 409, /^the opening time has not come: the bids open at /);
    // Bidding closed, the opening time not yet come.
    await closeBidding(t, projectId);
    expect((await statusOf(projectId)).status).toBe('signup_closed');
    await refused(await open(projectId), 409, /^the opening time has not come/);
    await refused(await open(projectId, owner, 'zh-CN'), 409, /^开标时间未到/);
    await reachOpening(t, projectId);
    expect((await statusOf(projectId)).status).toBe('evaluating');
    // No supervisor present yet, or only long ago.
    await refused(
      await open(projectId),
      409,
      'a supervisor must confirm presence and be present at the opening (seen on its page within the last minute)',
    );
    await refused(
      await open(projectId, owner, 'zh-CN'),
      409,
      '须有已确认到场的监督人员此刻在场（一分钟内在开标页面）方可开标',
    );
    // Confirmed, then gone: a presence confirmed two minutes ago does not witness this moment.
    expect((await witness(supervisor, projectId)).json().code).toBe(200);
    await t.database.db.execute(
      sql`update opening_witnesses set signed_at = app_now() - interval '2 minutes' where project_id = ${projectId}`,
    );
    await refused(await open(projectId), 409, /must confirm presence and be present/);
    // Following the opening on its live page, the supervisor is present again.
    const live = await as(t.app, supervisor).get(`/api/live/${projectId}`);
    expect(live.json().data.witnesses).toEqual([{ name: 'Sara Supervisor', present: true }]);
    await t.database.db.execute(
      sql`update live_presence set last_seen_at = app_now() - interval '61 seconds' where project_id = ${projectId}`,
    );
    expect((await as(t.app, owner).get(`/api/openings/${projectId}`)).json().data.waitingFor).toBe('witness');
    // Who may not: the owner confirming presence, a supervisor opening, another organisation's owner.
    await refused(await witness(owner, projectId), 403, 'no permission for the current operation');
    expect((await witness(supervisor, projectId)).json().code).toBe(200);
    await refused(await open(projectId, supervisor), 403, 'only staff of the project owner organisation open its bids');
    const { token: stranger } = await ownerOfNewOrganisation(t, admin, 'Faraway Roads Office');
    await refused(await open(projectId, stranger), 404, 'project does not exist');
    // Nothing was opened by any refusal.
    expect(await queryRows(t.database.db, sql`select 1 from openings where project_id = ${projectId}`)).toHaveLength(0);
    // Opened once; the second opening, and a presence after it, are refused.
    expect((await open(projectId)).json().code).toBe(200);
    await refused(await open(projectId), 409, 'the bids of this project were already opened');
    await refused(await open(projectId, owner, 'zh-CN'), 409, '该项目已开标，不能重复开标');
    await refused(await witness(supervisor, projectId), 409, 'the bids of this project were already opened');
  });

  it('opens once when the owner opens from several places at once', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 3);
    for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, 2_000_000 + i);
    await reachOpening(t, projectId);
    await witness(supervisor, projectId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => open(projectId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [notices] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notices where project_id = ${projectId} and title like 'Bid opening record:%'`,
    );
    expect(notices!.n).toBe(1);
    expect((await statusOf(projectId)).status).toBe('result_pending');
  });
});

describe('the opening record', () => {
  it('ranks the lowest valid price first, breaks the tie by the published seed, and settles the applications', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 5);
    const [a, b, c, d, e] = bidders as [Bidder, Bidder, Bidder, Bidder, Bidder];
    await sealed(t, a, projectId, 3_000_000);
    await sealed(t, b, projectId, 2_500_000);
    await sealed(t, c, projectId, 2_500_000);
    await sealed(t, d, projectId, 2_900_000);
    await sealed(t, d, projectId, 2_800_000);
    // A bid whose application is withdrawn before the deadline does not count.
    await sealed(t, e, projectId, 100_000);
    expect((await as(t.app, e.token).post(`/api/supplier/applications/${e.applicationId}/withdraw`)).json().code).toBe(
      200,
    );
    await reachOpening(t, projectId);
    await witness(supervisor, projectId);
    const res = await open(projectId);
    expect(res.json().code, res.body).toBe(200);
    const record = res.json().data as {
      bids: Line[];
      tieSeed: string;
      tieCommitment: string;
      outcome: string;
      witness: string;
    };
    expect(record).toMatchObject({ outcome: 'ranked', witness: 'Sara Supervisor', reason: null });
    const lines = record.bids;
    expect(lines.map((l) => [l.rank, l.priceFen, l.valid])).toEqual([
      [1, 2_500_000, true],
      [2, 2_500_000, true],
      [3, 2_800_000, true],
      [4, 3_000_000, true],
      [null, 100_000, false],
    ]);
    expect(lines.map((l) => l.tied)).toEqual([true, true, false, false, false]);
    // The seed is the one the announcement committed to, and the tie is the published draw over
    // the tied receipts (sorted, one per line, no entropy): anyone re-computes it.
    expect(record.tieSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(record.tieSeed, 'hex')).digest('hex')).toBe(record.tieCommitment);
    const announcement = (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${projectId}` }))
      .json()
      .data.notices.find((n: { title: string }) => n.title.startsWith('Announcement:'));
    const announced = (await t.app.inject({ method: 'GET', url: `/api/public/notices/${announcement.id}` })).body;
    expect(announced).toContain(record.tieCommitment);
    const receipts = [lines[0]!.receiptHash, lines[1]!.receiptHash].sort();
    const listHash = await drawListHash(receipts.map((r) => `${r}\n`).join(''));
    const order = await drawOrder(hexBytes(record.tieSeed), listHash, '', 2);
    expect(order.map((i) => receipts[i])).toEqual([lines[0]!.receiptHash, lines[1]!.receiptHash]);
    expect(new Set([lines[0]!.applicationId, lines[1]!.applicationId])).toEqual(
      new Set([b.applicationId, c.applicationId]),
    );

    // The project waits for its result; the winner won, the other qualified lost.
    expect((await statusOf(projectId)).status).toBe('result_pending');
    const winner = lines[0]!.applicationId;
    for (const s of [a, b, c, d]) {
      expect(await applicationStatus(s.applicationId)).toBe(s.applicationId === winner ? 'won' : 'lost');
    }
    expect(await applicationStatus(e.applicationId)).toBe('withdrawn');

    // Stored once, shown to the opening page, printed from it, published to the bidders.
    const detail = (await as(t.app, supervisor).get(`/api/openings/${projectId}`)).json().data;
    expect(detail).toMatchObject({ canOpen: false, canWitness: false, record: { tieSeed: record.tieSeed } });
    expect(detail.record.bids).toEqual(lines);
    const [stored] = await queryRows<{ tie_seed: string; witness_id: number }>(
      t.database.db,
      sql`select tie_seed, witness_id from openings where project_id = ${projectId}`,
    );
    expect(stored!.tie_seed).toBe(record.tieSeed);
    const hall = (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${projectId}` })).json().data;
    const notice = hall.notices.find((n: { title: string }) => n.title.startsWith('Bid opening record:'));
    expect(notice).toBeDefined();
    const content = (await t.app.inject({ method: 'GET', url: `/api/public/notices/${notice.id}` })).json();
    expect(JSON.stringify(content)).toContain('¥25,000.00');
    expect(JSON.stringify(content)).toContain(record.tieSeed);
    const inbox = (await as(t.app, d.token).get('/api/supplier/notices')).json().rows as {
      title: string;
      content: string;
    }[];
    const mine = inbox.find((n) => n.title.startsWith('Bids opened:'));
    expect(mine?.content).toContain('Your bid of ¥28,000.00 ranks 3 of 4.');
    const sms = (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${d.tel}` })).json().rows;
    expect(sms[0].content).toMatch(
      /已开标，您的报价 ¥28,000\.00 排名第 3（共 4 家）。 Bids of .+ were opened: Your bid of ¥28,000\.00 ranks 3 of 4\.$/,
    );
    const others = (await as(t.app, a.token).get('/api/supplier/notices')).json().rows as { content: string }[];
    expect(others.map((n) => n.content).join()).not.toContain('¥28,000.00 ranks');
    // The bidder's page shows when it was opened; the timeline names presence, opening and ranking.
    const page = (await as(t.app, a.token).get('/api/bidding2/projects')).json().rows;
    expect(page.find((r: { projectId: number }) => r.projectId === projectId).openedAt).not.toBeNull();
    const timeline = (await as(t.app, owner).get(`/api/projects/${projectId}`))
      .json()
      .data.timeline.map((x: { action: string }) => x.action);
    expect(timeline.slice(-3)).toEqual(['project.witness', 'project.open_bids', 'project.rank']);
  });

  it('fails the project with fewer valid bids than its minimum, and says so in the record', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 3);
    const [a, b] = bidders as [Bidder, Bidder];
    await sealed(t, a, projectId, 4_000_000);
    await sealed(t, b, projectId, 4_100_000);
    await reachOpening(t, projectId);
    await witness(supervisor, projectId);
    const record = (await open(projectId)).json().data;
    expect(record).toMatchObject({
      outcome: 'failed',
      reason: '2 valid bids, fewer than the minimum of 3 participants',
      minParticipants: 3,
    });
    expect(record.bids.map((l: Line) => l.priceFen)).toEqual([4_000_000, 4_100_000]);
    expect(await statusOf(projectId)).toEqual({
      status: 'failed',
      status_reason: '2 valid bids, fewer than the minimum of 3 participants',
    });
    const kinds = (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${projectId}` }))
      .json()
      .data.notices.map((n: { noticeType: string; title: string }) => n.noticeType);
    expect(kinds).toContain('failure');
    // The applications stay qualified: the project is re-issued, not awarded.
    expect(await applicationStatus(a.applicationId)).toBe('qualified');
  });

  it('fails a project that received no bid at all', async () => {
    const { projectId } = await biddingScene(t, people(), 0);
    await reachOpening(t, projectId);
    await witness(supervisor, projectId);
    const record = (await open(projectId)).json().data;
    expect(record).toMatchObject({
      outcome: 'failed',
      bids: [],
      reason: '0 valid bids, fewer than the minimum of 3 participants',
    });
  });

  it('lists the projects of each tab to owners and supervisors, with what each may do', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 3);
    for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, 5_000_000 + i);
    const ids = async (token: string, tab: string) =>
      (
        (await as(t.app, token).get(`/api/openings?tab=${tab}&pageSize=100`)).json().rows as { projectId: number }[]
      ).map((r) => r.projectId);
    expect(await ids(owner, 'closed')).not.toContain(projectId);
    await closeBidding(t, projectId);
    expect(await ids(owner, 'closed')).toContain(projectId);
    expect(await ids(supervisor, 'closed')).toContain(projectId);
    expect((await as(t.app, supervisor).get(`/api/openings/${projectId}`)).json().data).toMatchObject({
      canWitness: true,
      canOpen: false,
      waitingFor: 'opening_time',
      witnesses: [],
      record: null,
    });
    await reachOpening(t, projectId);
    expect(await ids(owner, 'due')).toContain(projectId);
    expect((await as(t.app, owner).get(`/api/openings/${projectId}`)).json().data.waitingFor).toBe('witness');
    await witness(supervisor, projectId);
    const detail = (await as(t.app, owner).get(`/api/openings/${projectId}`)).json().data;
    expect(detail).toMatchObject({ canWitness: false, canOpen: true, waitingFor: null, record: null });
    expect(detail.witnesses.map((w: { name: string }) => w.name)).toEqual(['Sara Supervisor']);
    await open(projectId);
    expect(await ids(owner, 'due')).not.toContain(projectId);
    expect(await ids(owner, 'opened')).toContain(projectId);
    // A role with the list but without the open button sees, and may not open.
    const reader = await employeeWith(t, admin, ['selection:opening:list']);
    expect((await as(t.app, reader.token).get(`/api/openings/${projectId}`)).json().data.canOpen).toBe(false);
    expect((await as(t.app, reader.token).post(`/api/openings/${projectId}/open`)).statusCode).toBe(403);
  });
});
