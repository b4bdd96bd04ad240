import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolRepository } from '../src/modules/pool/pool.repository.ts';
import { adminApp, as, createSupplier, multipart, projectOptions } from './factories.ts';
import { bearer, type TestApp } from './test-app.ts';
import { sheetOf } from './workbooks.ts';

/**
 * The contractor pool (DESIGN §7 model 1): members with their refusals in both languages, the
 * suspension workflow, the all-or-none import, the export, the draw's candidates and the
 * publicity notice.
 */

let t: TestApp, admin: string;
let typeId: number, otherTypeId: number, hangzhou: number, xihu: number, ningbo: number;
let suppliers: Awaited<ReturnType<typeof createSupplier>>[];
let creditCodes: string[];
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const options = await projectOptions(t);
  typeId = options.typeId('construction');
  otherTypeId = options.typeId('survey');
  const zhejiang = options.places[0]!;
  hangzhou = zhejiang.children![0]!.id;
  xihu = zhejiang.children![0]!.children![2]!.id;
  ningbo = zhejiang.children![1]!.id;
  suppliers = [];
  for (let i = 0; i < 6; i++) suppliers.push(await createSupplier(t));
  creditCodes = [];
  for (const s of suppliers) {
    const detail = await as(t.app, admin).get(`/api/manager/suppliers/${s.compId}`);
    creditCodes.push(detail.json().data.creditCode);
  }
}, 90_000);
afterAll(() => t.close());

const member = (companyId: number, overrides: Record<string, unknown> = {}) => ({
  companyId,
  typeId,
  placeId: hangzhou,
  validFrom: '2026-01-01',
  validTo: '2030-12-31',
  remark: 'Qualified in 2026',
  ...overrides,
});

async function subCategoryOf(type: number) {
  const res = await as(t.app, admin).get(`/api/basic/subcategories?typeId=${type}&pageSize=100`);
  return res.json().rows[0].id as number;
}

/** A workbook of one sheet: the header row, then the rows. */
async function workbook(rows: (string | Date)[][]) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const importFile = (bytes: Buffer, language: 'en' | 'zh-CN' = 'en', name = 'pool.xlsx') => {
  const body = multipart([{ name, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/pool/members/import',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin), 'accept-language': language },
  });
};

const total = async () => (await as(t.app, admin).get('/api/pool/members?pageSize=100')).json().total as number;

describe('pool members', () => {
  let id: number;

  it('adds, lists, edits and removes a member; refuses each field in both languages', async () => {
    const added = await as(t.app, admin).post('/api/pool/members', member(suppliers[0]!.compId));
    expect(added.json().code, added.body).toBe(200);
    id = added.json().data.id;
    expect(added.json().data).toMatchObject({
      status: 'active',
      companyName: suppliers[0]!.compName,
      creditCode: creditCodes[0],
      typeName: 'Construction',
      placeName: 'Hangzhou',
      actions: ['suspend'],
    });
    expect(added.json().data.timeline.map((e: { action: string }) => e.action)).toEqual(['pool_member.add']);

    const noCompany = await as(t.app, admin).post('/api/pool/members', member(999_999));
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json()).toMatchObject({ field: 'companyId', msg: 'the company does not exist' });
    const noCompanyZh = await as(t.app, admin, 'zh-CN').post('/api/pool/members', member(999_999));
    expect(noCompanyZh.json().msg).toBe('供应商单位不存在');

    const backwards = await as(t.app, admin).post(
      '/api/pool/members',
      member(suppliers[1]!.compId, { validFrom: '2027-01-01', validTo: '2026-01-01' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'validTo', msg: 'valid to: on or after valid from' });
    const backwardsZh = await as(t.app, admin, 'zh-CN').post(
      '/api/pool/members',
      member(suppliers[1]!.compId, { validFrom: '2027-01-01', validTo: '2026-01-01' }),
    );
    expect(backwardsZh.json().msg).toBe('有效期止：不能早于有效期起');

    const badDate = await as(t.app, admin, 'zh-CN').post(
      '/api/pool/members',
      member(suppliers[1]!.compId, { validFrom: '2026-13-01' }),
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().msg).toBe('有效期起：须为日期，如 2026-12-01');

    const noRegion = await as(t.app, admin).post('/api/pool/members', member(suppliers[1]!.compId, { placeId: 0 }));
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().msg).toBe('choose the region');

    const foreignSub = await as(t.app, admin).post(
      '/api/pool/members',
      member(suppliers[1]!.compId, { subCategoryId: await subCategoryOf(otherTypeId) }),
    );
    expect(foreignSub.statusCode).toBe(400);
    expect(foreignSub.json()).toMatchObject({ field: 'subCategoryId', msg: 'not a sub-category of the project type' });
    const foreignSubZh = await as(t.app, admin, 'zh-CN').post(
      '/api/pool/members',
      member(suppliers[1]!.compId, { subCategoryId: await subCategoryOf(otherTypeId) }),
    );
    expect(foreignSubZh.json().msg).toBe('所选子类不属于该项目类型');

    const twice = await as(t.app, admin).post('/api/pool/members', member(suppliers[0]!.compId));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      field: 'companyId',
      msg: 'the company is already in the pool for this project type and region',
    });
    const twiceZh = await as(t.app, admin, 'zh-CN').post('/api/pool/members', member(suppliers[0]!.compId));
    expect(twiceZh.json().msg).toBe('该单位已以此项目类型和区域入库');

    const sub = await subCategoryOf(typeId);
    const edited = await as(t.app, admin).put(
      `/api/pool/members/${id}`,
      member(suppliers[0]!.compId, { subCategoryId: sub, remark: 'Renewed', validTo: '2031-06-30' }),
    );
    expect(edited.json().code, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ subCategoryId: sub, remark: 'Renewed', validTo: '2031-06-30' });
    expect(edited.json().data.subCategoryName).toBeTruthy();

    const keyword = creditCodes[0]!.slice(-6);
    const found = await as(t.app, admin).get(
      `/api/pool/members?keyword=${keyword}&typeId=${typeId}&placeId=${hangzhou}&status=active&validOn=2031-06-30`,
    );
    expect(found.json().rows.map((r: { id: number }) => r.id)).toEqual([id]);
    const expired = await as(t.app, admin).get(`/api/pool/members?keyword=${keyword}&validOn=2031-07-01`);
    expect(expired.json().total).toBe(0);
    const byName = await as(t.app, admin).get(
      `/api/pool/members?keyword=${encodeURIComponent(suppliers[0]!.compName)}`,
    );
    expect(byName.json().total).toBe(1);

    const other = await as(t.app, admin).post('/api/pool/members', member(suppliers[1]!.compId));
    expect(other.json().code, other.body).toBe(200);
    const removed = await as(t.app, admin).del(`/api/pool/members/${other.json().data.id}`);
    expect(removed.json().code, removed.body).toBe(200);
    expect((await as(t.app, admin).get(`/api/pool/members/${other.json().data.id}`)).statusCode).toBe(404);
  });

  it('suspends with a reason and reinstates; each is refused from the wrong status', async () => {
    const noReason = await as(t.app, admin).post(`/api/pool/members/${id}/suspend`, {});
    expect(noReason.statusCode).toBe(400);

    const suspended = await as(t.app, admin).post(`/api/pool/members/${id}/suspend`, { reason: 'Safety incident' });
    expect(suspended.json().code, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({
      status: 'suspended',
      statusReason: 'Safety incident',
      actions: ['reinstate'],
    });

    const again = await as(t.app, admin).post(`/api/pool/members/${id}/suspend`, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('a pool member that is suspended cannot be suspended');
    const againZh = await as(t.app, admin, 'zh-CN').post(`/api/pool/members/${id}/suspend`, { reason: 'Once more' });
    expect(againZh.json().msg).toBe('状态为“已暂停”的入库承包商不能暂停');

    const reinstated = await as(t.app, admin).post(`/api/pool/members/${id}/reinstate`);
    expect(reinstated.json().data).toMatchObject({ status: 'active', statusReason: null });
    const twice = await as(t.app, admin).post(`/api/pool/members/${id}/reinstate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('a pool member that is active cannot be reinstated');
    const twiceZh = await as(t.app, admin, 'zh-CN').post(`/api/pool/members/${id}/reinstate`);
    expect(twiceZh.json().msg).toBe('状态为“正常”的入库承包商不能恢复');

    const detail = await as(t.app, admin).get(`/api/pool/members/${id}`);
    expect(detail.json().data.timeline.map((e: { action: string }) => e.action)).toEqual([
      'pool_member.add',
      'pool_member.edit',
      'pool_member.suspend',
      'pool_member.reinstate',
    ]);
  });
});

describe('import and export', () => {
  it('gives a template that imports as it is once its example is replaced', async () => {
    const template = await as(t.app, admin, 'zh-CN').get('/api/pool/members/import-template');
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('统一社会信用代码');
    expect(book.worksheets[0]!.rowCount).toBe(2);
  });

  it('writes every row of a good file', async () => {
    const before = await total();
    const file = await workbook([
      ['统一社会信用代码', '项目类型', '项目子类', '区域', '有效期起', '有效期止', '备注'],
      [creditCodes[2]!, 'construction', '', '杭州市', '2026-01-01', '2030-12-31', 'Imported'],
      [creditCodes[2]!.toLowerCase(), 'Survey', '', 'Ningbo', new Date(Date.UTC(2026, 0, 1)), '2030/12/31', ''],
    ]);
    const res = await importFile(file);
    expect(res.json(), res.body).toMatchObject({ code: 200, data: { imported: 2 } });
    expect(await total()).toBe(before + 2);
    const rows = (await as(t.app, admin).get(`/api/pool/members?keyword=${creditCodes[2]}`)).json().rows;
    expect(rows).toHaveLength(2);
    const detail = await as(t.app, admin).get(`/api/pool/members/${rows[0].id}`);
    expect(detail.json().data.timeline[0].action).toBe('pool_member.import');
  });

  it('writes nothing when one row is bad, and answers every problem by row and column', async () => {
    const before = await total();
    const rows = [
      ['Unified credit code', 'Project type', 'Sub-category', 'Region', 'Valid from', 'Valid to', 'Remark'],
      [creditCodes[3]!, 'construction', '', 'Hangzhou', '2026-01-01', '2030-12-31', ''],
      [creditCodes[4]!, 'construction', '', 'Hangzhou', '2026-01-01', '2030-12-31', ''],
      ['91330100MA99999999', 'nothing', '', 'Atlantis', '2026-02-30', '2025-01-01', ''],
      [creditCodes[3]!, 'construction', '', 'Hangzhou', '2026-01-01', '2030-12-31', ''],
      [creditCodes[2]!, 'construction', '', 'Hangzhou', '2026-01-01', '2030-12-31', ''],
    ];
    const res = await importFile(await workbook(rows));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { row: 4, column: 'Unified credit code', message: 'no supplier company has this unified credit code' },
      { row: 4, column: 'Project type', message: 'no enabled project type has this code or name' },
      { row: 4, column: 'Region', message: 'no enabled region has this name or code' },
      { row: 4, column: 'Valid from', message: 'a date such as 2026-12-01' },
      { row: 5, column: 'Unified credit code', message: 'the same company, project type and region as row 2' },
      {
        row: 6,
        column: 'Unified credit code',
        message: 'the company is already in the pool for this project type and region',
      },
    ]);
    expect(await total()).toBe(before);

    const zh = await importFile(await workbook(rows), 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('未写入任何数据');
    expect(zh.json().errors[0]).toEqual({
      row: 4,
      column: '统一社会信用代码',
      message: '没有此统一社会信用代码的供应商单位',
    });
    expect(await total()).toBe(before);
  });

  it('refuses a file that is not a workbook, and one without the template’s columns', async () => {
    const fake = await importFile(Buffer.from('a,b,c\n1,2,3\n'), 'en', 'pool.xlsx');
    expect(fake.statusCode).toBe(400);
    const noColumns = await importFile(await workbook([['Name'], ['x']]));
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().msg).toContain('Unified credit code');
  });

  it('exports the filtered members to an xlsx', async () => {
    const res = await as(t.app, admin, 'zh-CN').get(`/api/pool/members/export?typeId=${typeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('承包商库.xlsx'));
    const { header, records } = await sheetOf(res.rawPayload);
    expect(header.slice(0, 5)).toEqual(['单位名称', '统一社会信用代码', '项目类型', '项目子类', '区域']);
    const listed = (await as(t.app, admin).get(`/api/pool/members?typeId=${typeId}&pageSize=100`)).json();
    expect(records.map((r) => r['统一社会信用代码'])).toEqual(
      listed.rows.map((m: { creditCode: string }) => m.creditCode),
    );
    expect(records.map((r) => r['项目类型'])).toContain('施工');
    expect(records.map((r) => r['状态'])).toContain('正常');
    expect(String(records[0]!['入库时间'])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});

describe('candidates for the draw', () => {
  it('answers active members valid on the day whose region covers the place, by id', async () => {
    const add = async (companyId: number, overrides: Record<string, unknown>) => {
      const res = await as(t.app, admin).post(
        '/api/pool/members',
        member(companyId, { typeId: otherTypeId, ...overrides }),
      );
      expect(res.json().code, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const s = suppliers[5]!.compId;
    const city = await add(s, { placeId: hangzhou });
    const district = await add(suppliers[4]!.compId, { placeId: xihu });
    const suspended = await add(suppliers[3]!.compId, { placeId: hangzhou });
    await as(t.app, admin).post(`/api/pool/members/${suspended}/suspend`, { reason: 'Under review' });
    const expired = await add(suppliers[1]!.compId, { placeId: hangzhou, validTo: '2026-06-30' });
    const elsewhere = await add(s, { placeId: ningbo });
    const db = t.database.db;

    const inXihu = await poolRepository.candidates(db, { typeId: otherTypeId, placeId: xihu, onDate: '2026-07-01' });
    const ids = inXihu.map((c) => c.memberId);
    expect(ids).toContain(city);
    expect(ids).toContain(district);
    expect(ids).not.toContain(suspended);
    expect(ids).not.toContain(expired);
    expect(ids).not.toContain(elsewhere);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(inXihu.find((c) => c.memberId === city)).toEqual({
      memberId: city,
      companyId: s,
      creditCode: creditCodes[5],
      companyName: suppliers[5]!.compName,
    });

    // The city draws its own members, not the district's.
    const inCity = (
      await poolRepository.candidates(db, { typeId: otherTypeId, placeId: hangzhou, onDate: '2026-07-01' })
    ).map((c) => c.memberId);
    expect(inCity).toContain(city);
    expect(inCity).not.toContain(district);
    // Before its end the expired member was drawn; never on a day outside the validity.
    expect(
      (await poolRepository.candidates(db, { typeId: otherTypeId, placeId: hangzhou, onDate: '2026-06-30' })).map(
        (c) => c.memberId,
      ),
    ).toContain(expired);
    expect(await poolRepository.candidates(db, { typeId: otherTypeId, placeId: xihu, onDate: '2025-12-31' })).toEqual(
      [],
    );
    expect((await poolRepository.member(db, city))?.companyId).toBe(s);
  });
});

describe('publicity', () => {
  it('publishes the chosen members as a pool notice on /pub, edits and withdraws it', async () => {
    const members = (await as(t.app, admin).get('/api/pool/members?pageSize=3')).json().rows as { id: number }[];
    const noMembers = await as(t.app, admin, 'zh-CN').post('/api/pool/publicity', {
      title: 'Pool publicity',
      memberIds: [],
    });
    expect(noMembers.statusCode).toBe(400);
    expect(noMembers.json().msg).toBe('公示单位：请至少选择一家');

    const res = await as(t.app, admin).post('/api/pool/publicity', {
      title: 'Contractor pool publicity 2026',
      intro: 'These contractors join the pool.',
      memberIds: members.map((m) => m.id),
    });
    expect(res.json().code, res.body).toBe(200);
    const publicity = res.json().data;
    expect(publicity.members).toHaveLength(members.length);

    const pub = await t.app.inject({ method: 'GET', url: '/api/public/notices?noticeType=pool' });
    const notice = pub.json().rows.find((n: { id: number }) => n.id === publicity.noticeId);
    expect(notice).toMatchObject({ noticeType: 'pool', title: 'Contractor pool publicity 2026' });
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/public/notices/${publicity.noticeId}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(content.json().data.content).toContain('统一社会信用代码');

    const list = await as(t.app, admin).get('/api/pool/publicity');
    expect(list.json().rows[0]).toMatchObject({ id: publicity.id, noticeId: publicity.noticeId });

    const edited = await as(t.app, admin).put(`/api/pool/publicity/${publicity.id}`, {
      title: 'Contractor pool publicity 2026 (corrected)',
      memberIds: [members[0]!.id],
    });
    expect(edited.json().data.members).toHaveLength(1);
    const gone = await t.app.inject({ method: 'GET', url: `/api/public/notices/${publicity.noticeId}` });
    expect(gone.statusCode).toBe(404);

    const exported = await as(t.app, admin, 'zh-CN').get('/api/pool/publicity/export');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(exported.headers['content-disposition']).toContain(encodeURIComponent('入库公示.xlsx'));
    const sheet = await sheetOf(exported.rawPayload);
    expect(sheet.header).toEqual(['标题', '公示单位数', '发布人', '发布时间']);
    expect(sheet.records[0]).toMatchObject({ 标题: 'Contractor pool publicity 2026 (corrected)', 公示单位数: 1 });

    const withdrawn = await as(t.app, admin).del(`/api/pool/publicity/${publicity.id}`);
    expect(withdrawn.json().code).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/public/notices/${edited.json().data.noticeId}` });
    expect(after.statusCode).toBe(404);
  });
});
