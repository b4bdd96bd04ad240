import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { adminApp, as, employeeWith } from './admin-helpers.ts';
import { createProject, signInAs } from './factories.ts';
import { signInSupplier, type TestApp } from './test-app.ts';
import { rowsOf as sheetOf } from './workbooks.ts';

/**
 * The Export and Query buttons of the administration pages: each export answers the filtered list
 * as a workbook and each detail call one record, to holders of the button's permission only. Every
 * export is headed and named in the reader's language; a long list's is written as it is read.
 */

let t: TestApp;
let admin: string;
/** Holds every page these calls belong to, but none of their buttons. */
let lister: string;

const PAGES = [
  'system:dept:list',
  'system:menu:list',
  'manager:menu:list',
  'basic:itemtype:list',
  'basic:itemplace:list',
  'system:config:list',
  'base:parameter:list',
  'people:staff:list',
  'people:auditor:list',
  'people:supervisor:list',
  'people:owner:list',
  'manager:user:list',
  'base:log:list',
];

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  lister = (await employeeWith(t, admin, PAGES)).token;
});
afterAll(() => t.close());

/** A user who holds the page and the one button. */
const holderOf = async (page: string, perm: string) => (await employeeWith(t, admin, [page, perm])).token;

interface ExportCase {
  perm: string;
  page: string;
  url: string;
  file: string;
  /** The header row begins with these. */
  headers: string[];
  /** A cell the filtered list must show, and one it must leave out (in the first column). */
  shows: string;
  hides?: string;
  /** The same export asked for in Chinese: its file, the start of its header row, a word of its cells. */
  zh: { file: string; headers: string[]; word: string; shows?: string };
}

/** The file name of a download, as a browser reads it (the UTF-8 name). */
const fileNameOf = (disposition: unknown) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(disposition))?.[1] ?? '');

const EXPORTS: ExportCase[] = [
  {
    perm: 'system:dept:export',
    page: 'system:dept:list',
    url: '/api/system/depts/export?name=Oper',
    file: 'departments.xlsx',
    headers: ['Name', 'Kind', 'Leader'],
    shows: 'Operations',
    hides: 'Audit',
    zh: { file: '部门.xlsx', headers: ['部门名称', '类别', '负责人'], word: '正常' },
  },
  {
    perm: 'system:menu:export',
    page: 'system:menu:list',
    url: '/api/system/menus/export?types=1',
    file: 'menus.xlsx',
    headers: ['Name', 'Chinese name', 'Type'],
    shows: 'Company record',
    hides: 'Departments',
    zh: { file: '菜单.xlsx', headers: ['名称（英文）', '名称（中文）', '菜单类型'], word: '供应商' },
  },
  {
    perm: 'manager:menu:export',
    page: 'manager:menu:list',
    url: '/api/system/menus/export?name=Departments',
    file: 'menus.xlsx',
    headers: ['Name', 'Chinese name', 'Type'],
    shows: 'Departments',
    hides: 'Company record',
    zh: { file: '菜单.xlsx', headers: ['名称（英文）', '名称（中文）', '菜单类型'], word: '后台用户' },
  },
  {
    perm: 'basic:itemtype:export',
    page: 'basic:itemtype:list',
    url: '/api/basic/types/export?name=Goods',
    file: 'project-types.xlsx',
    headers: ['Code', 'Name', 'Chinese name', 'Status', 'Value limit (yuan)'],
    shows: 'goods',
    hides: 'construction',
    zh: {
      file: '项目类型.xlsx',
      headers: ['编码', '名称（英文）', '名称（中文）', '状态', '限额（元）'],
      word: '正常',
    },
  },
  {
    perm: 'basic:itemplace:export',
    page: 'basic:itemplace:list',
    url: '/api/basic/places/export?name=Zhejiang',
    file: 'places.xlsx',
    headers: ['Code', 'Name', 'Chinese name'],
    shows: '330000',
    zh: { file: '项目地点.xlsx', headers: ['编码', '名称（英文）', '名称（中文）'], word: '正常' },
  },
  {
    perm: 'system:dict:export',
    page: 'system:config:list',
    url: '/api/system/dict/types/export?dictType=company',
    file: 'dictionaries.xlsx',
    headers: ['Dictionary type', 'Name', 'Chinese name', 'Status'],
    shows: 'company_status',
    hides: 'notice_type',
    zh: { file: '字典类型.xlsx', headers: ['字典类型', '字典名称', '中文名称', '状态'], word: '正常' },
  },
  {
    perm: 'system:config:export',
    page: 'system:config:list',
    url: '/api/system/config/export?configKey=account.',
    file: 'system-parameters.xlsx',
    headers: ['Key', 'Name', 'Value', 'Type'],
    shows: 'account.passwordMinLength',
    hides: 'site.platformName',
    zh: { file: '系统参数.xlsx', headers: ['参数键名', '参数名称', '参数键值', '类型', '更新时间'], word: '数字' },
  },
  {
    perm: 'base:parameter:export',
    page: 'base:parameter:list',
    url: '/api/base/parameters/export?configKey=bid.',
    file: 'business-parameters.xlsx',
    headers: ['Key', 'Name', 'Value', 'Type'],
    shows: 'bid.signupDays',
    hides: 'draw.confirmHours',
    zh: { file: '业务参数.xlsx', headers: ['参数键名', '参数名称', '参数键值', '类型', '更新时间'], word: '数字' },
  },
  {
    perm: 'system:role:export',
    page: 'system:role:list',
    url: '/api/system/roles/export?roleKey=supplier',
    file: 'roles.xlsx',
    headers: ['Key', 'Name', 'For', 'Data scope', 'Status'],
    shows: 'supplier',
    hides: 'owner',
    zh: {
      file: '角色.xlsx',
      headers: ['权限字符', '角色名称', '适用对象', '数据范围', '状态', '创建时间'],
      word: '供应商',
    },
  },
  {
    perm: 'basic:subcate:export',
    page: 'basic:subcate:list',
    url: '/api/basic/subcategories/export?name=supervision',
    file: 'sub-categories.xlsx',
    headers: ['Name', 'Chinese name', 'Status'],
    shows: 'Construction supervision',
    hides: 'Goods',
    zh: { file: '项目子类.xlsx', headers: ['名称（英文）', '名称（中文）', '状态'], word: '正常' },
  },
  {
    perm: 'basic:departcate:export',
    page: 'basic:departcate:list',
    url: '/api/basic/depart-categories/export?name=School',
    file: 'owner-categories.xlsx',
    headers: ['Name', 'Chinese name', 'Status'],
    shows: 'School',
    hides: 'Public institution',
    zh: { file: '业主单位类别.xlsx', headers: ['名称（英文）', '名称（中文）', '状态'], word: '学校' },
  },
  {
    perm: 'basic:itemprocess:export',
    page: 'basic:itemprocess:list',
    url: '/api/basic/process-settings/export?model=3',
    file: 'process-settings.xlsx',
    headers: ['Type', 'Model', 'Sign-up days'],
    shows: 'Construction',
    zh: { file: '流程设置.xlsx', headers: ['项目类型', '选取方式', '报名天数'], word: '综合评审', shows: '施工' },
  },
];

describe('exports', () => {
  for (const c of EXPORTS) {
    it(`${c.url.split('?')[0]} answers the filtered ${c.file} to holders of ${c.perm} only`, async () => {
      const res = await as(t.app, await holderOf(c.page, c.perm)).get(c.url);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename="${c.file}"`);
      const [header, ...rows] = await sheetOf(res.rawPayload);
      expect(header!.slice(0, c.headers.length)).toEqual(c.headers);
      const firstCells = rows.map((r) => String(r[0]));
      expect(firstCells).toContain(c.shows);
      if (c.hides) expect(firstCells).not.toContain(c.hides);

      const refused = await as(t.app, lister).get(c.url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(403);
    });

    it(`${c.url.split('?')[0]} answers in Chinese to a reader of Chinese`, async () => {
      const res = await as(t.app, admin, 'zh-CN').get(c.url);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(fileNameOf(res.headers['content-disposition'])).toBe(c.zh.file);
      const [header, ...rows] = await sheetOf(res.rawPayload);
      expect(header!.slice(0, c.zh.headers.length)).toEqual(c.zh.headers);
      expect(rows.map((r) => String(r[0]))).toContain(c.zh.shows ?? c.shows);
      expect(rows.flat()).toContain(c.zh.word);
    });
  }
});

/** A workbook's rows as objects keyed by the header row's cells. */
async function recordsOf(payload: Buffer): Promise<Record<string, unknown>[]> {
  const [header, ...rows] = await sheetOf(payload);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [String(h), r[i]])));
}

/** `2026-01-15 08:03`: a UTC instant on the wall clock of Asia/Shanghai (UTC+8, no summer time). */
const shanghaiWallTime = (utc: Date) =>
  new Date(utc.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('exports of the long lists', () => {
  it('writes an operation log longer than a batch whole: every row the filters keep, in the list order, times on the platform clock', async () => {
    // 2,500 rows to export and 300 the status filter leaves out, all with the filtered title, each
    // at a known instant (minutes after \`first\`, UTC) in an order that is not the order of their ids.
    const first = Date.UTC(2026, 0, 15, 0, 0);
    await t.database.db.execute(sql`
      insert into operation_log (user_name, types, title, method, path, ip, status, result_code, error_msg, duration_ms, created_at)
      select 'bulk' || (i % 7), 0, 'Bulk export check ' || lpad(i::text, 4, '0'), 'POST', '/api/bulk/' || i, '10.0.0.1',
             case when i % 28 between 10 and 12 then '1' else '0' end, case when i % 28 between 10 and 12 then 500 else 200 end,
             case when i % 28 between 10 and 12 then 'failed on purpose' end, i % 50,
             to_timestamp(${first / 1000}) + make_interval(mins => (i * 37) % 2800)
      from generate_series(1, 2800) as i`);
    const expected = await queryRows<{ id: number; title: string }>(
      t.database.db,
      sql`select id, title from operation_log where title like 'Bulk export check %' and status = '0' order by id desc`,
    );
    expect(expected).toHaveLength(2_500);

    const url = '/api/base/logs/operations/export?title=Bulk%20export%20check&status=0';
    const res = await as(t.app, admin, 'zh-CN').get(url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe('操作日志.xlsx');
    // Written as it was read: no length known before the end.
    expect(res.headers['content-length']).toBeUndefined();
    const [header] = await sheetOf(res.rawPayload);
    expect(header).toEqual([
      '操作时间',
      '操作人',
      '操作',
      '请求方式',
      '请求地址',
      'IP 地址',
      '结果',
      '错误信息',
      '耗时（毫秒）',
    ]);
    const records = await recordsOf(res.rawPayload);
    expect(records.map((r) => r['操作'])).toEqual(expected.map((e) => e.title));
    expect(new Set(records.map((r) => r['结果']))).toEqual(new Set(['成功']));
    // The platform's zone is Asia/Shanghai unless TZ names another (it does not in the tests).
    if ((process.env.TZ || 'Asia/Shanghai') === 'Asia/Shanghai') {
      // Row n was written at the known instant `first` + (37 n mod 2800) minutes, UTC.
      const writtenAt = (title: string) => new Date(first + ((Number(title.slice(-4)) * 37) % 2800) * 60_000);
      expect(records.map((r) => r['操作时间'])).toEqual(expected.map((e) => shanghaiWallTime(writtenAt(e.title))));
      // The first row of the data, known without the database: 2026-01-15 00:37 UTC.
      expect(records.find((r) => r['操作'] === 'Bulk export check 0001')).toMatchObject({
        操作时间: '2026-01-15 08:37',
      });
    }

    // The list's own pages answer the same rows in the same order.
    const page = (
      await as(t.app, admin).get(
        `/api/base/logs/operations?title=Bulk%20export%20check&status=0&pageNum=11&pageSize=100`,
      )
    ).json();
    expect(page.total).toBe(2_500);
    expect(page.rows.map((r: { title: string }) => r.title)).toEqual(records.slice(1_000, 1_100).map((r) => r['操作']));

    // The failures alone, in English.
    const failures = await recordsOf((await as(t.app, admin).get(url.replace('status=0', 'status=1'))).rawPayload);
    expect(failures).toHaveLength(300);
    expect(failures[0]).toMatchObject({ Outcome: 'failure', Message: 'failed on purpose', Method: 'POST' });
  });

  it('the sign-in log in Chinese', async () => {
    const res = await as(t.app, admin, 'zh-CN').get('/api/base/logs/signins/export?loginName=admin&status=0');
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe('登录日志.xlsx');
    const records = await recordsOf(res.rawPayload);
    expect(records.length).toBeGreaterThan(0);
    expect(records[0]).toMatchObject({ 登录账号: 'admin', 账号类型: '后台用户', 登录方式: '密码', 结果: '成功' });
    expect(String(records[0]!['登录时间'])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('supplier companies in Chinese', async () => {
    const res = await as(t.app, admin, 'zh-CN').get('/api/manager/suppliers/export?status=0');
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe('供应商.xlsx');
    const [header] = await sheetOf(res.rawPayload);
    expect(header!.slice(0, 3)).toEqual(['企业名称', '统一社会信用代码', '联系人']);
    const records = await recordsOf(res.rawPayload);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(r['状态']).toBe('正常');
      expect(['信息已完善', '信息未完善']).toContain(r['信息']);
    }
  });

  it('accounts and the people of each function in Chinese', async () => {
    const cases = [
      ['/api/system/users/export?loginUid=owner1', '用户.xlsx', '部门'],
      ['/api/people/staff/export', '平台人员.xlsx', '部门'],
      ['/api/people/auditors/export', '审核人员.xlsx', '部门'],
      ['/api/people/supervisors/export', '监督人员.xlsx', '部门'],
      ['/api/people/owners/export', '业主人员.xlsx', '所属单位'],
    ] as const;
    for (const [url, file, dept] of cases) {
      const res = await as(t.app, admin, 'zh-CN').get(url);
      expect(res.statusCode, url).toBe(200);
      expect(fileNameOf(res.headers['content-disposition'])).toBe(file);
      const [header] = await sheetOf(res.rawPayload);
      expect(header, url).toEqual(['用户名', '姓名', '手机号码', dept, '角色', '状态', '创建时间']);
      const records = await recordsOf(res.rawPayload);
      expect(records.length, url).toBeGreaterThan(0);
      expect(records.map((r) => r['状态'])).toContain('正常');
    }
  });

  it('notices in Chinese: type, audience and state by their labels', async () => {
    const created = await as(t.app, admin).post('/api/system/notices', {
      title: 'Export of notices',
      noticeType: 'notification',
      audience: 'suppliers',
      content: '<p>Hello</p>',
    });
    expect(created.json().code, created.body).toBe(200);
    const res = await as(t.app, admin, 'zh-CN').get('/api/system/notices/export?title=Export%20of%20notices');
    expect(fileNameOf(res.headers['content-disposition'])).toBe('通知公告.xlsx');
    expect(await recordsOf(res.rawPayload)).toEqual([
      expect.objectContaining({
        公告标题: 'Export of notices',
        公告类型: '平台通知',
        发布对象: '供应商',
        状态: '正常',
      }),
    ]);
  });

  it('projects in Chinese: type and place in Chinese, model and status by their labels, budget in yuan', async () => {
    const owner = await signInAs(t, 'owner1');
    const auditor = await signInAs(t, 'auditor1');
    await createProject(t, { owner, auditor }, 'pending_audit', { name: 'Export of the Binjiang footbridge' });
    const res = await as(t.app, owner, 'zh-CN').get('/api/projects/export?keyword=Binjiang%20footbridge');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe('项目.xlsx');
    const [header] = await sheetOf(res.rawPayload);
    expect(header).toEqual([
      '项目编号',
      '项目名称',
      '业主单位',
      '项目类型',
      '项目地点',
      '预算金额（元）',
      '选取方式',
      '状态',
      '投标截止时间',
      '开标/抽取时间',
    ]);
    const [row, ...more] = await recordsOf(res.rawPayload);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      项目名称: 'Export of the Binjiang footbridge',
      项目类型: '施工',
      '预算金额（元）': 800_000,
      选取方式: '竞价',
      状态: '待审核',
    });
    expect(String(row!['投标截止时间'])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('projects past one batch: every project once, in the list order, the filter applied, ties of time by id', async () => {
    const owner = await signInAs(t, 'owner1');
    const auditor = await signInAs(t, 'auditor1');
    const id = await createProject(t, { owner, auditor }, 'draft', { name: 'Batch export 0000' });
    // 1,199 copies, many sharing one change time (the list breaks such ties by id), and one
    // project the keyword leaves out.
    await t.database.db.execute(sql`insert into projects (code, name, owner_dept_id, created_by, type_id, place_id,
        budget, model, min_participants, guarantee_required, guarantee_amount, signup_start, bid_deadline, opening_at,
        publicity_days, qualification, description, contact_name, contact_tel, status, updated_at)
      select 'BX' || lpad(g::text, 6, '0'), 'Batch export ' || lpad(g::text, 4, '0'), owner_dept_id, created_by,
        type_id, place_id, budget, model, min_participants, guarantee_required, guarantee_amount, signup_start,
        bid_deadline, opening_at, publicity_days, qualification, description, contact_name, contact_tel, status,
        timestamptz '2026-03-01 00:00:00.123456+00' + (g % 7) * interval '1 microsecond'
      from projects, generate_series(1, 1199) g where id = ${id}`);
    await t.database.db.execute(sql`update projects set name = 'Left out of the list' where code = 'BX000600'`);
    const expected = (
      await queryRows<{ code: string }>(
        t.database.db,
        sql`select code from projects where name like 'Batch export %' order by updated_at desc, id desc`,
      )
    ).map((r) => r.code);
    expect(expected).toHaveLength(1199);
    const res = await as(t.app, owner).get('/api/projects/export?keyword=Batch%20export');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [, ...rows] = await sheetOf(res.rawPayload);
    expect(rows.map((r) => String(r[0]))).toEqual(expected);
  });
});

interface DetailCase {
  perm: string;
  page: string;
  /** The list call whose first row is read. */
  list: string;
  /** The detail call of a row. */
  detail: (row: Record<string, unknown>) => string;
  /** What the detail must hold of the row. */
  same: string[];
}

const DETAILS: DetailCase[] = [
  {
    perm: 'basic:itemtype:query',
    page: 'basic:itemtype:list',
    list: '/api/basic/types',
    detail: (r) => `/api/basic/types/${r.id}`,
    same: ['id', 'code', 'name', 'valueLimit'],
  },
  {
    perm: 'basic:itemplace:query',
    page: 'basic:itemplace:list',
    list: '/api/basic/places',
    detail: (r) => `/api/basic/places/${r.id}`,
    same: ['id', 'name', 'parentId', 'code'],
  },
  {
    perm: 'system:config:query',
    page: 'system:config:list',
    list: '/api/system/config',
    detail: (r) => `/api/system/config/${r.id}`,
    same: ['id', 'configKey', 'value', 'builtIn'],
  },
  {
    perm: 'base:parameter:query',
    page: 'base:parameter:list',
    list: '/api/base/parameters',
    detail: (r) => `/api/base/parameters/${r.id}`,
    same: ['id', 'configKey', 'value', 'valueType'],
  },
  {
    perm: 'base:log:query',
    page: 'base:log:list',
    list: '/api/base/logs/operations',
    detail: (r) => `/api/base/logs/operations/${r.id}`,
    same: ['id', 'title', 'method', 'path', 'resultCode', 'createdAt'],
  },
  ...(
    [
      ['staff', 'staff'],
      ['auditor', 'auditors'],
      ['supervisor', 'supervisors'],
      ['owner', 'owners'],
    ] as const
  ).map(([perm, fn]) => ({
    perm: `people:${perm}:query`,
    page: `people:${perm}:list`,
    list: `/api/people/${fn}`,
    detail: (r: Record<string, unknown>) => `/api/people/${fn}/${r.userId}`,
    same: ['userId', 'loginUid', 'deptName', 'roles'],
  })),
];

/** The rows of a list call: `rows` of a paged answer or `data` of a whole one. */
const rowsOf = (body: { rows?: Record<string, unknown>[]; data?: Record<string, unknown>[] }) =>
  body.rows ?? body.data ?? [];

describe('details', () => {
  for (const c of DETAILS) {
    it(`${c.list}/:id answers one record to holders of ${c.perm} only`, async () => {
      const [row] = rowsOf((await as(t.app, admin).get(c.list)).json());
      expect(row).toBeDefined();
      const url = c.detail(row!);
      const res = await as(t.app, await holderOf(c.page, c.perm)).get(url);
      expect(res.json().code, res.body).toBe(200);
      const data = res.json().data as Record<string, unknown>;
      for (const key of c.same) expect(data[key], key).toEqual(row![key]);

      const refused = await as(t.app, lister).get(url);
      expect(refused.statusCode).toBe(403);
    });
  }

  it('answers a person only on the page of their function', async () => {
    const [auditor] = rowsOf((await as(t.app, admin).get('/api/people/auditors')).json());
    expect((await as(t.app, admin).get(`/api/people/supervisors/${auditor!.userId}`)).statusCode).toBe(404);
  });

  it('keeps system and business parameters apart', async () => {
    const [business] = rowsOf((await as(t.app, admin).get('/api/base/parameters')).json());
    expect((await as(t.app, admin).get(`/api/system/config/${business!.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a record that does not exist', async () => {
    expect((await as(t.app, admin).get('/api/basic/types/999999')).statusCode).toBe(404);
    expect((await as(t.app, admin).get('/api/basic/places/999999')).statusCode).toBe(404);
  });
});

describe('supplier accounts', () => {
  const detailOf = async (id: number) => (await as(t.app, admin).get(`/api/manager/suppliers/${id}`)).json().data;

  it('adds an account to a company for holders of manager:user:add only; it signs in with its phone', async () => {
    const [company] = (await as(t.app, admin).get('/api/manager/suppliers')).json().rows;
    const url = `/api/manager/suppliers/${company.compId}/users`;
    const body = { name: 'Second buyer', tel: '13900000077', password: 'Buyer-pass-2026' };

    expect((await as(t.app, lister).post(url, body)).statusCode).toBe(403);
    const added = await as(t.app, await holderOf('manager:user:list', 'manager:user:add')).post(url, body);
    expect(added.json().code, added.body).toBe(200);
    expect((await detailOf(company.compId)).users).toContainEqual(
      expect.objectContaining({ userId: added.json().data.id, name: 'Second buyer', tel: '13900000077' }),
    );
    // The new account signs in as a user of that company.
    const me = (await as(t.app, await signInSupplier(t, '13900000077')).get('/api/user/info')).json().rows.user;
    expect(me).toMatchObject({ logTel: '13900000077', company: { compId: company.compId } });

    const again = await as(t.app, admin).post(url, { ...body, name: 'Same phone' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/already registered/);
  });

  it('removes an account for holders of manager:user:remove only, but never the last one', async () => {
    const [company] = (await as(t.app, admin).get('/api/manager/suppliers')).json().rows;
    const users = (await detailOf(company.compId)).users as { userId: number }[];
    expect(users.length).toBeGreaterThan(1);
    const last = users.at(-1)!;
    const url = `/api/manager/suppliers/${company.compId}/users/${last.userId}`;

    expect((await as(t.app, lister).del(url)).statusCode).toBe(403);
    const removed = await as(t.app, await holderOf('manager:user:list', 'manager:user:remove')).del(url);
    expect(removed.json().code, removed.body).toBe(200);
    const left = (await detailOf(company.compId)).users as { userId: number }[];
    expect(left.map((u) => u.userId)).not.toContain(last.userId);

    for (const extra of left.slice(1))
      expect(
        (await as(t.app, admin).del(`/api/manager/suppliers/${company.compId}/users/${extra.userId}`)).json().code,
      ).toBe(200);
    const only = await as(t.app, admin).del(`/api/manager/suppliers/${company.compId}/users/${left[0]!.userId}`);
    expect(only.statusCode).toBe(400);
    expect(only.json().msg).toMatch(/at least one account/);
  });

  it('answers 404 for an account of another company', async () => {
    const [first, second] = (await as(t.app, admin).get('/api/manager/suppliers')).json().rows;
    const [someone] = (await detailOf(second.compId)).users;
    const res = await as(t.app, admin).del(`/api/manager/suppliers/${first.compId}/users/${someone.userId}`);
    expect(res.statusCode).toBe(404);
  });
});
