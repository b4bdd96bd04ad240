import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, as, employeeWith } from './admin-helpers.ts';
import { signInSupplier, type TestApp } from './test-app.ts';

/**
 * The Export and Query buttons of the administration pages: each export answers the filtered list
 * as a workbook and each detail call one record, to holders of the button's permission only.
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

/** The rows of the workbook an export answered, the header row first. */
async function sheetOf(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

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
}

const EXPORTS: ExportCase[] = [
  {
    perm: 'system:dept:export',
    page: 'system:dept:list',
    url: '/api/system/depts/export?name=Oper',
    file: 'departments.xlsx',
    headers: ['Name', 'Kind', 'Leader'],
    shows: 'Operations',
    hides: 'Audit',
  },
  {
    perm: 'system:menu:export',
    page: 'system:menu:list',
    url: '/api/system/menus/export?types=1',
    file: 'menus.xlsx',
    headers: ['Name', 'Chinese name', 'Type'],
    shows: 'Company record',
    hides: 'Departments',
  },
  {
    perm: 'manager:menu:export',
    page: 'manager:menu:list',
    url: '/api/system/menus/export?name=Departments',
    file: 'menus.xlsx',
    headers: ['Name', 'Chinese name', 'Type'],
    shows: 'Departments',
    hides: 'Company record',
  },
  {
    perm: 'basic:itemtype:export',
    page: 'basic:itemtype:list',
    url: '/api/basic/types/export?name=Goods',
    file: 'project-types.xlsx',
    headers: ['Code', 'Name', 'Chinese name', 'Status', 'Value limit (yuan)'],
    shows: 'goods',
    hides: 'construction',
  },
  {
    perm: 'basic:itemplace:export',
    page: 'basic:itemplace:list',
    url: '/api/basic/places/export?name=Zhejiang',
    file: 'places.xlsx',
    headers: ['Code', 'Name', 'Chinese name'],
    shows: '330000',
  },
  {
    perm: 'system:dict:export',
    page: 'system:config:list',
    url: '/api/system/dict/types/export?dictType=company',
    file: 'dictionaries.xlsx',
    headers: ['Dictionary type', 'Name', 'Chinese name', 'Status'],
    shows: 'company_status',
    hides: 'notice_type',
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
  }
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
