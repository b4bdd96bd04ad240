import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { eligibleExperts } from '../src/modules/experts/experts.eligible.ts';
import { adminApp, as, createSupplier, deptIdByName, employeeWith, projectOptions, signInAs } from './factories.ts';
import { bearer, type TestApp } from './test-app.ts';

/**
 * The expert pool: experts with their refusals in both languages, the duplicate guard under
 * concurrent creates, the suspension workflow with its timeline, the export, and the experts a
 * best-value panel may be drawn from.
 */

let t: TestApp, admin: string;
let typeId: number, otherTypeId: number, hangzhou: number, xihu: number, ningbo: number;
/** userId by login id of the accounts that may score. */
const accounts = new Map<string, number>();
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const options = await projectOptions(t);
  typeId = options.typeId('construction');
  otherTypeId = options.typeId('survey');
  const zhejiang = options.places[0]!;
  hangzhou = zhejiang.children![0]!.id;
  xihu = zhejiang.children![0]!.children![2]!.id;
  ningbo = zhejiang.children![1]!.id;
  const res = await as(t.app, admin).get('/api/pool/experts/accounts');
  expect(res.json().code, res.body).toBe(200);
  for (const a of res.json().data as { userId: number; loginUid: string }[]) accounts.set(a.loginUid, a.userId);
}, 90_000);
afterAll(() => t.close());

const expert = (userId: number, overrides: Record<string, unknown> = {}) => ({
  userId,
  kind: 'employee',
  typeId,
  placeId: hangzhou,
  validFrom: '2026-01-01',
  validTo: '2030-12-31',
  remark: 'Structural engineering',
  ...overrides,
});

describe('accounts that may be kept as experts', () => {
  it('answers active employees allowed to score, by name, filtered by a keyword', async () => {
    expect([...accounts.keys()]).toEqual(expect.arrayContaining(['expert1', 'expert2', 'expert3', 'owner1']));
    expect(accounts.has('auditor1')).toBe(false);
    const found = await as(t.app, admin).get('/api/pool/experts/accounts?keyword=Emma');
    expect(found.json().data).toEqual([
      { userId: accounts.get('expert2'), name: 'Emma Expert', loginUid: 'expert2', deptName: 'Experts' },
    ]);
    const byLogin = await as(t.app, admin).get('/api/pool/experts/accounts?keyword=expert');
    expect(byLogin.json().data.map((a: { loginUid: string }) => a.loginUid)).toEqual(['expert2', 'expert3', 'expert1']);
  });
});

describe('experts', () => {
  let id: number;

  it('adds, lists, filters, edits and removes an expert', async () => {
    const added = await as(t.app, admin).post(
      '/api/pool/experts',
      expert(accounts.get('expert1')!, {
        kind: 'outside',
        employer: 'Zhejiang University',
        employerCreditCode: '12330000470003281n',
      }),
    );
    expect(added.json().code, added.body).toBe(200);
    id = added.json().data.id;

    const detail = await as(t.app, admin).get(`/api/pool/experts/${id}`);
    expect(detail.json().data).toMatchObject({
      id,
      userId: accounts.get('expert1'),
      name: 'Evan Expert',
      loginUid: 'expert1',
      deptName: 'Experts',
      kind: 'outside',
      typeName: 'Construction',
      placeName: 'Hangzhou',
      employer: 'Zhejiang University',
      employerCreditCode: '12330000470003281N',
      status: 'active',
      statusReason: null,
      actions: ['suspend'],
    });
    expect(detail.json().data.timeline.map((e: { action: string }) => e.action)).toEqual(['expert.add']);

    const second = await as(t.app, admin).post('/api/pool/experts', expert(accounts.get('expert2')!));
    expect(second.json().code, second.body).toBe(200);

    const list = async (query: string) =>
      (await as(t.app, admin).get(`/api/pool/experts?${query}`)).json().rows.map((r: { id: number }) => r.id);
    expect(await list('keyword=Evan')).toEqual([id]);
    expect(await list('keyword=expert1')).toEqual([id]);
    expect(await list('keyword=Zhejiang%20Univ')).toEqual([id]);
    expect(await list(`kind=employee&typeId=${typeId}`)).toEqual([second.json().data.id]);
    expect(await list(`placeId=${hangzhou}&status=active&validOn=2030-12-31`)).toEqual([second.json().data.id, id]);
    expect(await list('validOn=2031-01-01')).toEqual([]);
    // A region filter is the place itself, not what lies under it.
    expect(await list(`placeId=${xihu}`)).toEqual([]);
    const page = (await as(t.app, admin).get('/api/pool/experts?pageSize=1')).json();
    expect(page.total).toBe(2);
    expect(page.rows[0]).toMatchObject({ id: second.json().data.id, loginUid: 'expert2', deptName: 'Experts' });

    const edited = await as(t.app, admin).put(
      `/api/pool/experts/${id}`,
      expert(accounts.get('expert1')!, { kind: 'employee', validTo: '2031-06-30', remark: 'Renewed' }),
    );
    expect(edited.json(), edited.body).toMatchObject({ code: 200 });
    expect((await as(t.app, admin).get(`/api/pool/experts/${id}`)).json().data).toMatchObject({
      kind: 'employee',
      employer: '',
      employerCreditCode: null,
      validTo: '2031-06-30',
      remark: 'Renewed',
    });

    const other = second.json().data.id as number;
    const removed = await as(t.app, admin).del(`/api/pool/experts/${other}`);
    expect(removed.json().code, removed.body).toBe(200);
    expect((await as(t.app, admin).get(`/api/pool/experts/${other}`)).statusCode).toBe(404);
    // The removal leaves its audit row.
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_trail where subject_type = 'expert' and subject_id = ${other} and action = 'expert.remove'`,
    );
    expect(audit?.n).toBe(1);
  });

  it('refuses each field in both languages', async () => {
    const refusal = async (body: unknown, status = 400) => {
      const en = await as(t.app, admin).post('/api/pool/experts', body);
      const zh = await as(t.app, admin, 'zh-CN').post('/api/pool/experts', body);
      expect(en.statusCode, en.body).toBe(status);
      expect(zh.statusCode, zh.body).toBe(status);
      return { en: en.json(), zh: zh.json().msg as string };
    };

    const auditor = (await as(t.app, admin).get('/api/system/users?loginUid=auditor1')).json().rows[0].userId;
    const notScorer = await refusal(expert(auditor));
    expect(notScorer.en).toMatchObject({
      field: 'userId',
      msg: 'the account is not an active employee allowed to score',
    });
    expect(notScorer.zh).toBe('所选账号不是可参与评分的在用内部账号');

    const noEmployer = await refusal(expert(accounts.get('expert3')!, { kind: 'outside', employer: ' ' }));
    expect(noEmployer.en).toMatchObject({
      field: 'employer',
      msg: "employer: an outside expert's employer, at least 2 characters",
    });
    expect(noEmployer.zh).toBe('工作单位：外部专家须填写工作单位，至少 2 个字符');

    const badCode = await refusal(
      expert(accounts.get('expert3')!, { employer: 'Acme', employerCreditCode: '91330100MA27XK0A1' }),
    );
    expect(badCode.en).toMatchObject({
      field: 'employerCreditCode',
      msg: 'employer credit code: 18 characters, such as 91330100MA27XK0A1B',
    });
    expect(badCode.zh).toBe('工作单位统一社会信用代码：18 位，如 91330100MA27XK0A1B');

    const backwards = await refusal(
      expert(accounts.get('expert3')!, { validFrom: '2027-01-01', validTo: '2026-01-01' }),
    );
    expect(backwards.en).toMatchObject({ field: 'validTo', msg: 'valid to: on or after valid from' });
    expect(backwards.zh).toBe('有效期止：不能早于有效期起');

    const noAccount = await refusal(expert(0));
    expect(noAccount.en.msg).toBe('choose the account');
    expect(noAccount.zh).toBe('请选择账号');

    const noType = await refusal(expert(accounts.get('expert3')!, { typeId: 999_999 }));
    expect(noType.en).toMatchObject({ field: 'typeId', msg: 'the project type does not exist or is disabled' });
    expect(noType.zh).toBe('项目类型不存在或已停用');
    const noPlace = await refusal(expert(accounts.get('expert3')!, { placeId: 999_999 }));
    expect(noPlace.en).toMatchObject({ field: 'placeId', msg: 'the region does not exist or is disabled' });
    expect(noPlace.zh).toBe('区域不存在或已停用');

    const twice = await refusal(expert(accounts.get('expert1')!, { placeId: ningbo }), 409);
    expect(twice.en).toMatchObject({
      field: 'userId',
      msg: 'the account is already kept as an expert for this specialty',
    });
    expect(twice.zh).toBe('该账号已是此专业的专家');
  });

  it('keeps one expert of 20 identical concurrent creates', async () => {
    const body = expert(accounts.get('expert3')!, { typeId: otherTypeId, placeId: ningbo });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/pool/experts',
          headers: { ...bearer(admin), 'idempotency-key': 'expert3-survey-ningbo' },
          payload: body,
        }),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] !== 'true');
    expect(created).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const distinct = await Promise.all(
      Array.from({ length: 20 }, () => as(t.app, admin).post('/api/pool/experts', body)),
    );
    expect(distinct.every((a) => a.statusCode === 409)).toBe(true);
    const rows = (await as(t.app, admin).get(`/api/pool/experts?keyword=expert3&typeId=${otherTypeId}`)).json();
    expect(rows.total).toBe(1);
    expect(rows.rows[0].id).toBe(created[0]!.json().data.id);
  });

  it('suspends with a reason and reinstates, each in the timeline; the wrong status is refused', async () => {
    const noReason = await as(t.app, admin).post(`/api/pool/experts/${id}/suspend`, {});
    expect(noReason.statusCode).toBe(400);

    const suspended = await as(t.app, admin).post(`/api/pool/experts/${id}/suspend`, {
      reason: 'Conflict of interest',
    });
    expect(suspended.json().code, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({
      status: 'suspended',
      statusReason: 'Conflict of interest',
      actions: ['reinstate'],
    });
    const again = await as(t.app, admin).post(`/api/pool/experts/${id}/suspend`, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('an expert that is suspended cannot be suspended');
    const againZh = await as(t.app, admin, 'zh-CN').post(`/api/pool/experts/${id}/suspend`, { reason: 'Once more' });
    expect(againZh.json().msg).toBe('状态为“已暂停”的专家不能暂停');

    const reinstated = await as(t.app, admin).post(`/api/pool/experts/${id}/reinstate`);
    expect(reinstated.json().data).toMatchObject({ status: 'active', statusReason: null, actions: ['suspend'] });
    const twice = await as(t.app, admin).post(`/api/pool/experts/${id}/reinstate`);
    expect(twice.statusCode).toBe(409);

    const detail = await as(t.app, admin).get(`/api/pool/experts/${id}`);
    const timeline = detail.json().data.timeline as { action: string }[];
    expect(timeline.map((e) => e.action)).toEqual(['expert.add', 'expert.edit', 'expert.suspend', 'expert.reinstate']);
  });

  it('refuses callers without the permission', async () => {
    const supplier = await createSupplier(t);
    const owner = await signInAs(t, 'owner1');
    for (const token of [supplier.token, owner]) {
      expect((await as(t.app, token).get('/api/pool/experts')).statusCode).toBe(403);
      expect((await as(t.app, token).get(`/api/pool/experts/${id}`)).statusCode).toBe(403);
      expect((await as(t.app, token).get('/api/pool/experts/accounts')).statusCode).toBe(403);
      const add = await as(t.app, token).post('/api/pool/experts', expert(accounts.get('expert2')!));
      expect(add.statusCode).toBe(403);
      expect((await as(t.app, token).post(`/api/pool/experts/${id}/suspend`, { reason: 'x' })).statusCode).toBe(403);
      expect((await as(t.app, token).del(`/api/pool/experts/${id}`)).statusCode).toBe(403);
    }
    // A viewer may list but not add.
    const viewer = await employeeWith(t, admin, ['pool:expert:list']);
    expect((await as(t.app, viewer.token).get('/api/pool/experts')).statusCode).toBe(200);
    expect((await as(t.app, viewer.token).post('/api/pool/experts', expert(accounts.get('expert2')!))).statusCode).toBe(
      403,
    );
  });

  it('exports the filtered experts with the header row in the reader’s language', async () => {
    const res = await as(t.app, admin, 'zh-CN').get(`/api/pool/experts/export?typeId=${typeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    expect(sheet.getRow(1).getCell(4).value).toBe('专家类别');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('expert1');
    expect(sheet.getRow(2).getCell(4).value).toBe('内部专家');
    expect(sheet.getRow(2).getCell(11).value).toBe('正常');
  });
});

describe('experts eligible for a panel', () => {
  it('answers the active, valid experts of the type whose region covers the place, by id', async () => {
    const add = async (userId: number, overrides: Record<string, unknown>) => {
      const res = await as(t.app, admin).post(
        '/api/pool/experts',
        expert(userId, { typeId: otherTypeId, ...overrides }),
      );
      expect(res.json().code, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const scorer = () => employeeWith(t, admin, ['selection:score:edit']);
    const city = await add(accounts.get('expert1')!, {
      placeId: hangzhou,
      kind: 'outside',
      employer: 'Zhejiang University',
      employerCreditCode: '12330000470003281N',
    });
    const district = await add(accounts.get('expert2')!, { placeId: xihu });
    const owner = await add(accounts.get('owner1')!, { placeId: hangzhou });
    const suspendedUser = await scorer();
    const suspended = await add(suspendedUser.userId, { placeId: hangzhou });
    await as(t.app, admin).post(`/api/pool/experts/${suspended}/suspend`, { reason: 'Under review' });
    const expiredUser = await scorer();
    const expired = await add(expiredUser.userId, { placeId: hangzhou, validTo: '2026-06-30' });
    const disabledUser = await scorer();
    const disabled = await add(disabledUser.userId, { placeId: hangzhou });
    const off = await as(t.app, admin).put(`/api/system/users/${disabledUser.userId}/status`, { status: '1' });
    expect(off.json().code, off.body).toBe(200);
    const otherType = await add(suspendedUser.userId, { typeId, placeId: hangzhou });
    // expert3 is kept for the survey type in Ningbo (the concurrent creates).
    const db = t.database.db;

    const inXihu = await eligibleExperts(db, { typeId: otherTypeId, placeId: xihu, onDate: '2026-07-01' });
    const ids = inXihu.map((e) => e.expertId);
    expect(ids).toEqual([city, district, owner]);
    expect(ids).not.toContain(suspended);
    expect(ids).not.toContain(expired);
    expect(ids).not.toContain(disabled);
    expect(ids).not.toContain(otherType);
    expect(inXihu[0]).toEqual({
      expertId: city,
      userId: accounts.get('expert1'),
      loginUid: 'expert1',
      name: 'Evan Expert',
      employer: 'Zhejiang University',
      employerCreditCode: '12330000470003281N',
      orgDeptId: expect.anything() as unknown,
    });
    const ownerOrg = await deptIdByName(t, admin, 'Demo Owner');
    expect(inXihu.find((e) => e.expertId === owner)?.orgDeptId).toBe(ownerOrg);

    // The city draws its own experts, not the district's; nor those of another region.
    const inCity = (await eligibleExperts(db, { typeId: otherTypeId, placeId: hangzhou, onDate: '2026-07-01' })).map(
      (e) => e.expertId,
    );
    expect(inCity).toEqual([city, owner]);
    const inNingbo = await eligibleExperts(db, { typeId: otherTypeId, placeId: ningbo, onDate: '2026-07-01' });
    expect(inNingbo.map((e) => e.loginUid)).toEqual(['expert3']);
    // The expired expert was drawn up to its last day.
    expect(
      (await eligibleExperts(db, { typeId: otherTypeId, placeId: hangzhou, onDate: '2026-06-30' })).map(
        (e) => e.expertId,
      ),
    ).toContain(expired);
    // Inside a transaction too.
    const inTx = await db.transaction((tx) =>
      eligibleExperts(tx, { typeId: otherTypeId, placeId: xihu, onDate: '2026-07-01' }),
    );
    expect(inTx).toEqual(inXihu);
  });
});
