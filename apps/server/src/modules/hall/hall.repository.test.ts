import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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
      createdAt: '2026-01-02T03:04:05.678Z',
    });
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
