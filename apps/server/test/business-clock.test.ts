import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { runDeadlineTick } from '../src/modules/projects/projects.scheduler.ts';
import { as, createProject, createSupplier, employeeWith, projectBody, uploadPdf } from './factories.ts';
import { applyTo, bid, biddingApp, biddingScene, sealed } from './bids-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';

/**
 * The business clock that tests move instead of waiting, and the steps that must hold by it: no
 * check after the bid deadline, no scoring of a cancelled project, no opening that a
 * cancellation slipped past, every generated text in the reader's language and the platform's time.
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => ({ t, admin, owner, auditor, supervisor } = await biddingApp()), 60_000);
afterAll(() => t.close());
afterEach(() => moveClock(0));

const DAY = 86_400;
const people = () => ({ owner, auditor });
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d/;

async function moveClock(offsetSeconds: number) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { offsetSeconds } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { now: string; offsetSeconds: number };
}
const projectStatus = async (id: number) =>
  (await queryRows<{ status: string }>(t.database.db, sql`select status from projects where id = ${id}`))[0]!.status;
const hallRow = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${id}` })).json().data as {
    signup: string;
    notices: { id: number; title: string }[];
  };
const smsTo = async (tel: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${tel}` })).json().rows as { content: string }[];

describe('the business clock', () => {
  it('moves every deadline check and the scheduler together, and the hall says where sign-up stands', async () => {
    // Sign-up opens in a day: not started; then open; then closed by the scheduler at the moved time.
    const start = Date.now() + DAY * 1000;
    const id = await createProject(t, people(), 'published', {
      signupStart: new Date(start).toISOString(),
      bidDeadline: new Date(start + 6 * DAY * 1000).toISOString(),
      openingAt: new Date(start + 7 * DAY * 1000).toISOString(),
    });
    expect((await hallRow(id)).signup).toBe('not_started');
    const moved = await moveClock(2 * DAY);
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(2 * DAY * 1000 - 60_000);
    expect((await hallRow(id)).signup).toBe('open');
    await runDeadlineTick(t.database.db);
    expect(await projectStatus(id)).toBe('published');
    await moveClock(7.5 * DAY);
    expect((await hallRow(id)).signup).toBe('closed');
    await runDeadlineTick(t.database.db);
    expect(await projectStatus(id)).toBe('signup_closed');
  });

  it('refuses a check after the bid deadline and on a failed project, and sends no SMS', async () => {
    const id = await createProject(t, people(), 'published');
    const s = await createSupplier(t);
    const late = await applyTo(t, s, id);
    await moveClock(9 * DAY + 60);
    // Past the deadline by the database clock, before the scheduler noticed: still refused.
    const refused = await as(t.app, auditor, 'zh-CN').post(`/api/applications/${late}/qualify`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().msg).toMatch(/^投标截止时间（\d{4}-\d\d-\d\d \d\d:\d\d）已过，不能再进行资格审查$/);
    await runDeadlineTick(t.database.db);
    const closed = await as(t.app, auditor).post(`/api/applications/${late}/reject`, { reason: 'late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toBe(
      'applications are checked while the project takes them: this project is sign-up closed',
    );
    // A failed project takes no check either.
    await moveClock(0);
    const other = await createProject(t, people(), 'published');
    const s2 = await createSupplier(t);
    const pending = await applyTo(t, s2, other);
    expect((await as(t.app, owner).post(`/api/projects/${other}/fail`, { reason: 'too few' })).statusCode).toBe(200);
    expect((await as(t.app, auditor).post(`/api/applications/${pending}/qualify`)).statusCode).toBe(409);
    for (const tel of [s.tel, s2.tel]) {
      expect((await smsTo(tel)).map((m) => m.content).join()).not.toMatch(/qualification check|资格审查/);
    }
    const statuses = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from applications where id in (${late}, ${pending})`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['pending_check', 'pending_check']);
  });

  it('plays a sealed-bid project from bids to the opening with the clock moved, the record in each language', async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 3);
    for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, 3_000_000 + i * 100_000);
    await moveClock(9 * DAY + 60);
    const late = await bid(t, bidders[0]!, projectId, 2_000_000, undefined, 'zh-CN');
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).not.toMatch(ISO_TIME);
    expect(late.json().msg).toMatch(/投标截止时间（\d{4}-\d\d-\d\d \d\d:\d\d）已过/);
    await runDeadlineTick(t.database.db);
    expect(await projectStatus(projectId)).toBe('signup_closed');
    await moveClock(10 * DAY + 60);
    await runDeadlineTick(t.database.db);
    expect(await projectStatus(projectId)).toBe('evaluating');
    expect((await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`)).statusCode).toBe(200);
    const opened = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
    expect(opened.json().data.outcome, opened.body).toBe('ranked');
    // The opened tab lists the model asked for.
    const openedTab = async (model: number) =>
      (
        (await as(t.app, owner).get(`/api/openings?tab=opened&model=${model}`)).json().rows as { projectId: number }[]
      ).map((r) => r.projectId);
    expect(await openedTab(2)).toContain(projectId);
    expect(await openedTab(3)).not.toContain(projectId);
    // The record's time is the moved clock's.
    expect(Date.parse(opened.json().data.openedAt) - Date.now()).toBeGreaterThan(10 * DAY * 1000);

    const titles = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/hall/projects/${projectId}`,
          headers: { 'accept-language': lang },
        })
      ).json().data.notices as { id: number; title: string }[];
    const en = (await titles('en')).find((n) => n.title.startsWith('Bid opening record:'))!;
    const zh = (await titles('zh-CN')).find((n) => n.id === en.id)!;
    expect(zh.title).toMatch(/^开标记录：/);
    for (const [lang, words] of [
      ['en', 'The lowest valid price ranks first.'],
      ['zh-CN', '有效报价最低者排名第一。'],
    ] as const) {
      const content = (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/notices/${en.id}`,
          headers: { 'accept-language': lang },
        })
      ).json().data.content as string;
      expect(content).toContain(words);
      expect(content).not.toMatch(ISO_TIME);
      expect(content).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    }
    // Each bidder reads its own place in its language; the SMS carries both.
    const inbox = (await as(t.app, bidders[1]!.token, 'zh-CN').get('/api/supplier/notices')).json().rows as {
      title: string;
      content: string;
    }[];
    const mine = inbox.find((n) => n.title.startsWith('已开标：'))!;
    expect(mine.content).toContain('排名第 2（共 3 家）');
    expect(mine.content).not.toContain('ranks');
    const sms = (await smsTo(bidders[1]!.tel))[0]!.content;
    expect(sms).toContain('排名第 2（共 3 家）');
    expect(sms).toContain('ranks 2 of 3');
  });
});

describe("the platform's own reasons", () => {
  it("fails a project with too few bids, its reason and failure notice in each reader's language", async () => {
    const { projectId, bidders } = await biddingScene(t, people(), 2);
    for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, 5_000_000 + i);
    await moveClock(10 * DAY + 60);
    await runDeadlineTick(t.database.db);
    await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`);
    expect((await as(t.app, owner).post(`/api/openings/${projectId}/open`)).json().data.outcome).toBe('failed');
    const detail = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/hall/projects/${projectId}`,
          headers: { 'accept-language': lang },
        })
      ).json().data as { status: string; statusReason: string; notices: { id: number; title: string }[] };
    const en = await detail('en');
    const zh = await detail('zh-CN');
    expect(en).toMatchObject({
      status: 'failed',
      statusReason: '2 valid bids, fewer than the minimum of 3 participants',
    });
    expect(zh.statusReason).toBe('有效投标 2 家，少于最少参与家数 3 家');
    expect(zh.notices.map((n) => n.title)).toContain(`流标公告：Repair of the Xixi school playground`);
    const staff = (await as(t.app, owner, 'zh-CN').get(`/api/projects/${projectId}`)).json().data;
    expect(staff.statusReason).toBe('有效投标 2 家，少于最少参与家数 3 家');
  });

  it('checks an application once when 20 checkers qualify it at once', async () => {
    const id = await createProject(t, people(), 'published');
    const s = await createSupplier(t);
    const applicationId = await applyTo(t, s, id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(t.app, auditor).post(`/api/applications/${applicationId}/qualify`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_trail where subject_type = 'application'
          and subject_id = ${applicationId} and action = 'application.qualify'`,
    );
    expect(rows[0]!.n).toBe(1);
    const notices = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notices where company_id = ${s.compId} and project_id = ${id}`,
    );
    expect(notices[0]!.n).toBe(1);
  });
});

describe('a cancelled project', () => {
  it('takes no panel and no scores once cancelled in evaluation', async () => {
    const member = await employeeWith(t, admin, ['selection:score:list', 'selection:score:edit']);
    const { projectId, bidders } = await biddingScene(t, people(), 3, { model: 3 });
    for (const [i, s] of bidders.entries()) {
      const proposal = await uploadPdf(t, s.token);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bidding3/projects/${projectId}/bids`,
        headers: bearer(s.token),
        payload: { priceFen: 3_000_000 + i, proposals: [proposal] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await moveClock(10 * DAY + 60);
    await runDeadlineTick(t.database.db);
    await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`);
    expect((await as(t.app, owner).post(`/api/openings/${projectId}/open`)).json().data.outcome).toBe('scoring');
    const panel = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/scoring/${projectId}/panel`,
        headers: bearer(owner),
        payload: { userIds: [member.userId] },
      });
    expect((await panel()).statusCode).toBe(200);
    const cancel = await as(t.app, owner).post(`/api/projects/${projectId}/cancel`, { reason: 'budget withdrawn' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const detail = (await as(t.app, owner).get(`/api/scoring/${projectId}`)).json().data;
    expect(detail).toMatchObject({ canAssign: false, canFinalise: false });
    const again = await panel();
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('a project that is cancelled is not being scored');
    const scores = await as(t.app, member.token, 'zh-CN').post(`/api/scoring/${projectId}/scores`, {
      scores: [{ bidId: 1, criterion: 0, score: 1 }],
    });
    expect(scores.statusCode).toBe(409);
    expect(scores.json().msg).toBe('状态为“已撤销”的项目不能进行评分');
  });

  it('is never opened when the cancellation and the opening race', async () => {
    for (let round = 0; round < 3; round++) {
      await moveClock(0);
      const { projectId, bidders } = await biddingScene(t, people(), 3);
      for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, 4_000_000 + i);
      await moveClock(10 * DAY + 60);
      await runDeadlineTick(t.database.db);
      await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`);
      const [opened, cancelled] = await Promise.all([
        as(t.app, owner).post(`/api/openings/${projectId}/open`),
        as(t.app, owner).post(`/api/projects/${projectId}/cancel`, { reason: 'withdrawn' }),
      ]);
      expect([opened.statusCode, cancelled.statusCode]).not.toContain(500);
      const actions = (
        await queryRows<{ action: string }>(
          t.database.db,
          sql`select action from audit_trail where subject_type = 'project' and subject_id = ${projectId} order by id`,
        )
      ).map((r) => r.action);
      const records = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from openings where project_id = ${projectId}`,
      );
      if (opened.statusCode === 200) {
        // The opening came first: ranked, then (if at all) cancelled after it.
        expect(records[0]!.n).toBe(1);
        expect(actions.indexOf('project.rank')).toBeGreaterThan(-1);
        if (cancelled.statusCode === 200)
          expect(actions.indexOf('project.cancel')).toBeGreaterThan(actions.indexOf('project.rank'));
      } else {
        // The cancellation came first: no record, no notice of one, nothing decrypted.
        expect(opened.statusCode).toBe(409);
        expect(records[0]!.n).toBe(0);
        expect(actions).not.toContain('project.open_bids');
        expect((await hallRow(projectId)).notices.map((n) => n.title).join()).not.toContain('Bid opening record');
      }
    }
  });
});

describe("the project form's rules", () => {
  it('answers the rules of a type and model and puts each refusal on its field', async () => {
    const body = await projectBody(t, owner);
    const answer = await as(t.app, owner).get(`/api/projects/rules?typeId=${body.typeId}&model=2`);
    expect(answer.statusCode, answer.body).toBe(200);
    const rules = answer.json().data;
    expect(rules).toMatchObject({ minParticipants: 3, guaranteeMaxPercent: 2 });
    expect(rules.valueLimitFen).toBeGreaterThan(0);
    const short = await as(t.app, owner).post('/api/projects', {
      ...body,
      bidDeadline: new Date(Date.parse(body.signupStart) + 3_600_000).toISOString(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'bidDeadline' });
    expect(short.json().msg).toMatch(/^sign-up must stay open at least \d+ days for this type and model$/);
    const few = await as(t.app, owner, 'zh-CN').post('/api/projects', { ...body, minParticipants: 1 });
    expect(few.json()).toMatchObject({ field: 'minParticipants', msg: '按业务参数要求，最少参与家数不能少于 3' });
    const invalid = await as(t.app, owner).post('/api/projects', { ...body, budget: -5 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('budget');
    const supplier = await createSupplier(t);
    expect((await as(t.app, supplier.token).get(`/api/projects/rules?typeId=${body.typeId}&model=2`)).statusCode).toBe(
      403,
    );
  });
});
