import { createHash } from 'node:crypto';
import { checkDraw } from '@lvb/contracts/draw';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { drawsTicker } from '../src/modules/draws/draws.scheduler.ts';
import { outboxSmsProvider } from '../src/modules/sms/sms.providers.ts';
import { biddingApp } from './bids-fixtures.ts';
import { as, createProject, createSupplier, ownerOfNewOrganisation, projectOptions } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { sheetOf } from './workbooks.ts';

/**
 * Pool draws (DESIGN §7 model 1, "The draw, exactly"): scheduling freezes the candidates (without
 * suspended, expired, other regions' and recently drawn members) and publishes their hash and the
 * seed's commitment; nothing shows the seed before the draw; the supervisor draws once at the draw
 * time; the drawn contractors are asked in order; a confirmation ranks the project; a decline or
 * silence asks the next, and none left fails the project; anyone re-computes the draw.
 */
let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
let typeId: number, cityId: number, districtId: number, otherCityId: number;
beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
  const options = await projectOptions(t);
  typeId = options.typeId('construction');
  cityId = options.places[0]!.children![0]!.id;
  districtId = options.districtId;
  otherCityId = options.places[0]!.children![1]!.id;
}, 60_000);
afterAll(() => t.close());

const HOUR = 3_600;
const DAY = 24 * HOUR;
const today = (days = 0) => new Date(Date.now() + days * DAY * 1000).toISOString().slice(0, 10);

async function moveClock(offsetSeconds: number) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { offsetSeconds } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every member this file put in the pool, by company. */
const pool = new Map<number, Awaited<ReturnType<typeof member>>>();

/** A supplier company in the pool (its member id and its signed-in supplier). */
async function member(placeId = cityId, validTo = today(400)) {
  const s = await createSupplier(t);
  const res = await as(t.app, admin).post('/api/pool/members', {
    companyId: s.compId,
    typeId,
    placeId,
    validFrom: today(-30),
    validTo,
  });
  expect(res.json().code, res.body).toBe(200);
  const m = { ...s, memberId: res.json().data.id as number };
  pool.set(s.compId, m);
  return m;
}

/** When a new project's draw takes place, from now. */
const DRAW_IN = 4 * DAY;
const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A published pool-draw project in the district, its draw four days ahead; answers its id. */
const poolProject = () =>
  createProject(t, { owner, auditor }, 'published', {
    model: 1,
    guaranteeRequired: false,
    guaranteeAmount: 0,
    signupStart: at(-DAY),
    bidDeadline: at(3 * DAY),
    openingAt: at(DRAW_IN),
  });

const schedule = (projectId: number, reserves = 2, token = owner) =>
  as(t.app, token).post('/api/draws', { projectId, typeId, subCategoryId: null, placeId: districtId, reserves });

const ticker = () => drawsTicker(t.database.db, Buffer.alloc(32), outboxSmsProvider(t.database.db), () => {});
const projectStatus = async (id: number) =>
  (await queryRows<{ status: string }>(t.database.db, sql`select status from projects where id = ${id}`))[0]!.status;

describe('scheduling', () => {
  it('freezes the matching members, publishes hash and commitment, and shows no seed anywhere before the draw', async () => {
    const inCity = await member();
    const inDistrict = await member(districtId);
    const elsewhere = await member(otherCityId);
    const expired = await member(cityId, today(-1));
    const suspended = await member();
    expect(
      (
        await as(t.app, admin).post(`/api/pool/members/${suspended.memberId}/suspend`, { reason: 'Safety incident' })
      ).json().code,
    ).toBe(200);
    const projectId = await poolProject();

    const preview = await as(t.app, owner).get(
      `/api/draws/preview?projectId=${projectId}&typeId=${typeId}&placeId=${districtId}`,
    );
    expect(preview.json().code, preview.body).toBe(200);
    const previewed = preview.json().data.candidates.map((c: { memberId: number }) => c.memberId);
    expect(previewed).toEqual(expect.arrayContaining([inCity.memberId, inDistrict.memberId]));
    for (const left of [elsewhere, expired, suspended]) expect(previewed).not.toContain(left.memberId);

    // Only the owner's staff schedule; the supervisor witnesses.
    expect((await schedule(projectId, 2, supervisor)).statusCode).toBe(403);
    const scheduled = await schedule(projectId);
    expect(scheduled.json().code, scheduled.body).toBe(200);
    const draw = scheduled.json().data;
    expect(draw).toMatchObject({ status: 'scheduled', seed: null, entropy: null, order: null });
    expect(draw.candidates.map((c: { memberId: number }) => c.memberId)).toEqual(previewed);
    expect(createHash('sha256').update(draw.listText, 'utf8').digest('hex')).toBe(draw.listHash);
    expect(draw.listText.split('\n')[0]).toBe(
      `${draw.candidates[0].memberId}\t${draw.candidates[0].creditCode}\t${draw.candidates[0].companyName}`,
    );

    // No seed through any route, export or the database's readable columns.
    const [row] = await queryRows<{ seed: string | null; sealed_seed: string }>(
      t.database.db,
      sql`select seed, sealed_seed from draws where id = ${draw.id}`,
    );
    expect(row!.seed).toBeNull();
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/draws/${draw.id}` });
    expect(pub.json().data).toMatchObject({ seed: null, commitment: draw.commitment, listHash: draw.listHash });
    expect(pub.body).not.toContain(row!.sealed_seed);
    const detail = await as(t.app, admin).get(`/api/draws/${draw.id}`);
    expect(detail.json().data.seed).toBeNull();
    expect(detail.body).not.toContain(row!.sealed_seed);
    // The export, in the reader's language: the draw by its status's label, still without a seed.
    const xlsx = await as(t.app, owner, 'zh-CN').get('/api/draws/export?status=scheduled');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('随机抽取.xlsx'));
    const exported = await sheetOf(xlsx.rawPayload);
    expect(exported.header.slice(0, 7)).toEqual([
      '项目编号',
      '项目名称',
      '业主单位',
      '抽取时间',
      '候选数',
      '候补数',
      '状态',
    ]);
    const exportedDraw = exported.records.find((r) => r['名单哈希'] === draw.listHash);
    expect(exportedDraw).toMatchObject({ 状态: '待抽取', 种子承诺: draw.commitment });
    expect(exportedDraw!['种子'] ?? '').toBe('');
    expect(String(exportedDraw!['抽取时间'])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    // Twice, or twenty times at once: one draw.
    const again = await Promise.all(Array.from({ length: 20 }, () => schedule(projectId)));
    expect(again.every((r) => r.statusCode === 409)).toBe(true);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from draws where project_id = ${projectId}`,
    );
    expect(n!.n).toBe(1);
    // Another organisation's owner does not see it.
    const stranger = await ownerOfNewOrganisation(t, admin, 'Draw Stranger Bureau');
    expect((await as(t.app, stranger.token).get(`/api/draws/${draw.id}`)).statusCode).toBe(404);
  });

  it('schedules one draw of twenty simultaneous requests of a new project', async () => {
    await member();
    const projectId = await poolProject();
    const answers = await Promise.all(Array.from({ length: 20 }, () => schedule(projectId)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });
});

describe('the draw and the answers', () => {
  it('draws once at the draw time with the witness’s entropy; a decline asks the next; a confirmation ranks the project', async () => {
    await member();
    await member();
    const projectId = await poolProject();
    const draw = (await schedule(projectId, 2)).json().data;
    const url = `/api/draws/${draw.id}/draw`;

    const early = await as(t.app, supervisor, 'zh-CN').post(url, { entropy: '314159' });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toMatch(/^尚未到抽取时间（\d{4}-\d\d-\d\d \d\d:\d\d）$/);
    expect((await as(t.app, owner).post(url, { entropy: '1' })).statusCode).toBe(403);
    expect((await as(t.app, supervisor).post(url, { entropy: '12ab' })).statusCode).toBe(400);

    await moveClock(DRAW_IN + 60);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => as(t.app, supervisor).post(url, { entropy: '314159' })),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const drawn = answers.find((r) => r.statusCode === 200)!.json().data;
      expect(drawn).toMatchObject({ status: 'drawn', entropy: '314159' });
      expect(createHash('sha256').update(Buffer.from(drawn.seed, 'hex')).digest('hex')).toBe(draw.commitment);
      expect(await projectStatus(projectId)).toBe('evaluating');

      // Anyone re-computes it from what /extract publishes.
      const pub = (await t.app.inject({ method: 'GET', url: `/api/public/draws/${draw.id}` })).json().data;
      expect(await checkDraw(pub)).toMatchObject({
        listHashMatches: true,
        commitmentMatches: true,
        orderMatches: true,
      });

      const companyAt = (rank: number) => drawn.candidates[drawn.order[rank]].companyId as number;
      const first = pool.get(companyAt(0))!;
      const second = pool.get(companyAt(1))!;
      const picks = (token: string) => as(t.app, token).get('/api/supplier/draw-picks');
      const firstAsk = (await picks(first.token)).json().rows[0];
      expect(firstAsk).toMatchObject({ status: 'asked', projectId, rank: 0 });
      expect((await picks(second.token)).json().rows).toEqual([]);
      // The time left counts by the platform's clock (moved ahead here), not the real one.
      const [clock] = await queryRows<{ now: Date }>(t.database.db, sql`select app_now() as now`);
      const expected = (new Date(firstAsk.deadline).getTime() - new Date(clock!.now).getTime()) / 1000;
      expect(Math.abs(firstAsk.secondsLeft - expected)).toBeLessThan(5);
      // A contractor on the list follows the draw live without an application of its own.
      const live = (await as(t.app, second.token).get(`/api/live/${projectId}`)).json().data;
      expect(live).toMatchObject({ viewer: 'bidder', draw: { seed: drawn.seed, order: drawn.order } });
      expect((await as(t.app, (await createSupplier(t)).token).get(`/api/live/${projectId}`)).statusCode).toBe(404);
      // Another company cannot answer for it.
      expect((await as(t.app, second.token).post(`/api/supplier/draw-picks/${firstAsk.id}/confirm`)).statusCode).toBe(
        404,
      );
      expect(
        (await as(t.app, first.token).post(`/api/supplier/draw-picks/${firstAsk.id}/decline`, {})).statusCode,
      ).toBe(400);
      const declined = await as(t.app, first.token).post(`/api/supplier/draw-picks/${firstAsk.id}/decline`, {
        reason: 'Our crews are committed elsewhere',
      });
      expect(declined.json().data?.status, declined.body).toBe('declined');
      const secondAsk = (await picks(second.token)).json().rows[0];
      expect(secondAsk).toMatchObject({ status: 'asked', rank: 1 });
      const confirmed = await as(t.app, second.token).post(`/api/supplier/draw-picks/${secondAsk.id}/confirm`);
      expect(confirmed.json().data?.status, confirmed.body).toBe('confirmed');
      const twice = await as(t.app, second.token, 'zh-CN').post(`/api/supplier/draw-picks/${secondAsk.id}/confirm`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().msg).toBe('状态为“已确认”的抽取确认不能确认');

      // The project is ranked with the confirmed contractor, and the results workflow follows.
      expect(await projectStatus(projectId)).toBe('result_pending');
      const result = (await as(t.app, owner).get(`/api/results/${projectId}`)).json().data;
      expect(result.ranking).toHaveLength(1);
      expect(result.ranking[0]).toMatchObject({ rank: 1, companyName: second.compName });
      const detail = (await as(t.app, owner).get(`/api/draws/${draw.id}`)).json().data;
      expect(detail).toMatchObject({ status: 'engaged', engagedCompany: second.compName });
      expect(detail.picks.map((p: { status: string }) => p.status)).toEqual(['declined', 'confirmed']);
      expect(detail.timeline.map((e: { action: string }) => e.action)).toEqual(
        expect.arrayContaining(['draw.schedule', 'draw.draw', 'draw.reveal']),
      );
      const history = await as(t.app, admin).get(`/api/draws/picks?keyword=${encodeURIComponent(second.compName)}`);
      expect(history.json().rows[0]).toMatchObject({ projectId, status: 'confirmed' });
      // The history's export, in the reader's language: each answer by its label.
      const historyFile = await as(t.app, admin, 'zh-CN').get(
        `/api/draws/picks/export?keyword=${encodeURIComponent(second.compName)}`,
      );
      expect(historyFile.headers['content-disposition']).toContain(encodeURIComponent('抽取记录.xlsx'));
      const historySheet = await sheetOf(historyFile.rawPayload);
      expect(historySheet.header).toEqual([
        '承包商',
        '项目编号',
        '项目名称',
        '抽取顺位',
        '确认情况',
        '通知时间',
        '答复时间',
      ]);
      expect(historySheet.records).toEqual([
        expect.objectContaining({ 承包商: second.compName, 抽取顺位: '2', 确认情况: '已确认' }),
      ]);
    } finally {
      await moveClock(0);
    }
  }, 60_000);

  it('asks the next when an answer is late, fails the project when none is left, and leaves the recently drawn out', async () => {
    await member();
    const projectId = await poolProject();
    const draw = (await schedule(projectId, 1)).json().data;
    const next = await poolProject();
    const asked: number[] = [];
    await moveClock(DRAW_IN + 60);
    try {
      const drawn = (await as(t.app, supervisor).post(`/api/draws/${draw.id}/draw`, { entropy: '' })).json().data;
      expect(drawn.status).toBe('drawn');
      // The confirmation window (24 hours by the business parameter) passes twice.
      await moveClock(DRAW_IN + 60 + 25 * HOUR);
      expect(await ticker().expireDue()).toBe(1);
      const detail = (await as(t.app, owner).get(`/api/draws/${draw.id}`)).json().data;
      expect(detail.picks.map((p: { status: string }) => p.status)).toEqual(['expired', 'asked']);
      asked.push(...detail.picks.map((p: { companyId: number }) => p.companyId));
      await moveClock(DRAW_IN + 60 + 50 * HOUR);
      expect(await ticker().expireDue()).toBe(1);
      expect(await projectStatus(projectId)).toBe('failed');
      expect((await as(t.app, owner).get(`/api/draws/${draw.id}`)).json().data.status).toBe('failed');

      // Both were asked just now: a new draw leaves them out.
      const preview = (
        await as(t.app, owner).get(`/api/draws/preview?projectId=${next}&typeId=${typeId}&placeId=${districtId}`)
      ).json().data;
      const ids = preview.candidates.map((c: { companyId: number }) => c.companyId);
      for (const companyId of asked) expect(ids).not.toContain(companyId);
      expect(preview.excludedRecent).toBeGreaterThanOrEqual(2);
    } finally {
      await moveClock(0);
    }
  }, 60_000);
});
