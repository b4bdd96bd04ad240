import { hallProjectDetail, hallRow } from '@lvb/contracts/project-rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runDeadlineTick } from '../projects/projects.scheduler.ts';

let t: TestApp;
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

beforeAll(async () => {
  t = await createTestApp({}, { projects: true });
});
afterAll(() => t.close());

describe('the hall listing', () => {
  it('tells the total of every filter, also on a page past the end', async () => {
    const all = await get('/api/hall/projects?pageSize=100');
    expect(all.total).toBeGreaterThan(3);
    const [first] = all.rows as { typeId: number; model: number; placeId: number }[];
    const filters = [
      '',
      `typeId=${first!.typeId}`,
      `typeId=${first!.typeId}&model=${first!.model}`,
      `model=${first!.model}`,
      `placeId=${first!.placeId}`,
      'keyword=Demo%20Owner',
      'keyword=Xiaoshan&status=open',
      'status=closed',
      'keyword=100%25',
    ];
    for (const filter of filters) {
      const everything = await get(`/api/hall/projects?${filter}&pageSize=100`);
      expect(everything.total, filter).toBe(everything.rows.length);
      const pages = [];
      for (let pageNum = 1; pageNum <= everything.total + 1; pageNum++) {
        const page = await get(`/api/hall/projects?${filter}&pageSize=1&pageNum=${pageNum}`);
        expect(page.total, `${filter} page ${pageNum}`).toBe(everything.total);
        pages.push(...page.rows);
      }
      expect(pages, filter).toEqual(everything.rows);
    }
    expect(await get('/api/hall/projects?keyword=nothing-like-this&pageNum=3')).toEqual({
      code: 200,
      msg: 'ok',
      rows: [],
      total: 0,
    });
  });
});

/** An answer's ISO 8601 times as dates, as the contracts' schemas describe them. */
const withInstants = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? new Date(v) : v,
  );

describe('the page as the database writes it', () => {
  it('answers each row with the fields and values of the detail, times as ISO 8601 instants', async () => {
    const { rows } = await get('/api/hall/projects?pageSize=100');
    expect(rows.length).toBeGreaterThan(3);
    const times = ['signupStart', 'bidDeadline', 'openingAt', 'publishedAt'];
    const instant = (v: string) => new Date(v).getTime();
    for (const row of rows.slice(0, 4)) {
      const { data } = await get(`/api/hall/projects/${row.id}`);
      // Both leave the database as JSON text: each must hold exactly the contract's fields (times
      // read as instants), and the row must agree with the detail field by field.
      expect(() => hallRow.strict().parse(withInstants(row))).not.toThrow();
      expect(() => hallProjectDetail.strict().parse(withInstants(data))).not.toThrow();
      for (const key of times) {
        expect(row[key], key).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
        expect(instant(row[key]), key).toBe(instant(data[key]));
      }
      const untimed = (r: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(r).filter(([key]) => !times.includes(key)));
      const shared = Object.fromEntries(Object.keys(row).map((key) => [key, data[key]]));
      expect(untimed(row)).toEqual(untimed(shared));
      expect(Object.keys(row).sort()).toEqual(
        [
          'id',
          'code',
          'name',
          'ownerName',
          'typeId',
          'typeName',
          'typeNameZh',
          'placeId',
          'placeName',
          'placeNameZh',
          'budget',
          'model',
          'guaranteeRequired',
          'guaranteeAmount',
          'signup',
          'signupStart',
          'bidDeadline',
          'openingAt',
          'status',
          'publishedAt',
        ].sort(),
      );
    }
  });
});

describe('the kept hall totals', () => {
  // What the totals table holds against what counting the projects gives, key by key.
  const kept = () =>
    queryRows<{ key: string; n: number }>(
      t.database.db,
      sql`select concat_ws('/', type_id, model, place_id, status) as key, n from project_hall_totals
          where n <> 0 order by 1`,
    );
  const counted = () =>
    queryRows<{ key: string; n: number }>(
      t.database.db,
      sql`select concat_ws('/', type_id, model, place_id, status) as key, count(*)::int as n from projects
          where published_at is not null group by 1 order by 1`,
    );

  it('stay equal to a count of the projects through inserts, edits, transitions and deletes', async () => {
    const db = t.database.db;
    expect(await kept()).toEqual(await counted());
    const before = (await get('/api/hall/projects')).total as number;
    // A bulk insert of published projects copied from the demo ones, one of them under another place.
    await db.execute(sql`insert into projects (code, name, owner_dept_id, created_by, type_id, place_id, budget,
        model, min_participants, signup_start, bid_deadline, opening_at, publicity_days, status, published_at)
      select 'KT' || id, name, owner_dept_id, created_by, type_id, place_id, budget, model, min_participants,
        signup_start, now() - interval '1 minute', now() - interval '1 second', publicity_days, 'published', now()
      from projects where status = 'published'`);
    const added = (
      await queryRows<{ n: number }>(db, sql`select count(*)::int as n from projects where code like 'KT%'`)
    )[0]!.n;
    expect(added).toBeGreaterThan(0);
    expect((await get('/api/hall/projects')).total).toBe(before + added);
    expect(await kept()).toEqual(await counted());
    // An edit that moves projects between keys, one that changes nothing counted, and the scheduler
    // moving the overdue ones on (sign-up closes, then evaluation or the draw starts).
    await db.execute(sql`update projects set model = 1 + model % 3 where code like 'KT%' and id % 2 = 0`);
    await db.execute(sql`update projects set name = name || ' (edited)' where code like 'KT%'`);
    expect(await kept()).toEqual(await counted());
    const moved = await runDeadlineTick(db);
    expect(Object.values(moved).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(added);
    expect(await kept()).toEqual(await counted());
    // Unpublishing and deleting take projects out of the totals.
    await db.execute(sql`update projects set published_at = null where code like 'KT%' and id % 3 = 0`);
    expect(await kept()).toEqual(await counted());
    await db.execute(sql`delete from projects where code like 'KT%'`);
    expect(await kept()).toEqual(await counted());
    expect((await get('/api/hall/projects')).total).toBe(before);
  });
});

describe('the project detail', () => {
  it('answers the documents in upload order and only the public notices, newest first', async () => {
    const id = (await get('/api/hall/projects?pageSize=1')).rows[0].id as number;
    await t.database.db.execute(sql`insert into files (stored_name, original_name, mime, size, kind, uploaded_by,
        record_type, record_id)
      values ('hall-test-later.pdf', 'Later "annex".pdf', 'application/pdf', 12, 'document', 1, 'project', ${id}),
        ('hall-test-other.pdf', 'Other record.pdf', 'application/pdf', 5, 'document', 1, 'contract', ${id})`);
    await t.database.db.execute(sql`insert into notices (title, notice_type, audience, content, status, project_id,
        created_by, created_at)
      values ('Older correction', 'correction', 'all', '<p>x</p>', '0', ${id}, 1, '2026-01-02 03:04:05.678901+00'),
        ('Closed notice', 'result', 'all', '<p>x</p>', '1', ${id}, 1, now()),
        ('Staff notice', 'result', 'staff', '<p>x</p>', '0', ${id}, 1, now())`);
    const { data } = await get(`/api/hall/projects/${id}`);
    expect(data.id).toBe(id);
    expect(data.documents.map((d: { originalName: string }) => d.originalName)).toEqual([
      'Bidding document.pdf',
      'Later "annex".pdf',
    ]);
    expect(data.notices.map((n: { title: string }) => n.title)).toEqual([
      expect.stringMatching(/^Announcement/),
      'Older correction',
    ]);
    expect(data.notices[1]).toEqual({
      id: expect.any(Number),
      title: 'Older correction',
      noticeType: 'correction',
      projectId: id,
      createdAt: '2026-01-02T03:04:05.678901+00:00',
    });
  });

  it("titles a generated notice and states the reason in the reader's language", async () => {
    const id = (await get('/api/hall/projects?pageSize=1')).rows[0].id as number;
    await t.database.db.execute(sql`insert into notices (title, title_zh, notice_type, audience, content, status,
        project_id, created_by)
      values ('Result of the project', '项目结果公告', 'result', 'all', '<p>x</p>', '0', ${id}, 1),
        ('Written once', '', 'other', 'all', '<p>x</p>', '0', ${id}, 1)`);
    await t.database.db.execute(
      sql`update projects set status_reason = 'Too few bids', status_reason_zh = '投标人不足' where id = ${id}`,
    );
    const inZh = (
      await t.app.inject({ method: 'GET', url: `/api/hall/projects/${id}`, headers: { 'accept-language': 'zh-CN' } })
    ).json().data;
    const inEn = (await get(`/api/hall/projects/${id}`)).data;
    expect(inZh.statusReason).toBe('投标人不足');
    expect(inEn.statusReason).toBe('Too few bids');
    const titles = (d: { notices: { title: string }[] }) => d.notices.map((n) => n.title);
    expect(titles(inZh)).toEqual(expect.arrayContaining(['项目结果公告', 'Written once']));
    expect(titles(inEn)).toEqual(expect.arrayContaining(['Result of the project', 'Written once']));
    expect(titles(inZh)).not.toContain('Result of the project');
  });

  it('answers 404 for a project that is not public', async () => {
    const [draft] = (
      (await t.database.db.execute(sql`select id from projects where status = 'draft' limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    expect((await t.app.inject({ method: 'GET', url: `/api/hall/projects/${draft!.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/hall/projects/999999' })).json()).toEqual({
      code: 404,
      msg: 'project does not exist',
    });
  });
});
