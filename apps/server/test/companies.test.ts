import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupplier, signInAs } from './factories.ts';
import { ageSmsCodes, bearer, createTestApp, signInSupplier, smsCodeFor, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // A business write, as later modules add them: suppliers with an incomplete company are refused.
  t = await createTestApp(
    {},
    {
      routes: (app) =>
        app.post('/api/test/business-write', { config: { access: { permission: 'web:hall:apply' } } }, async () => ({
          code: 200,
          msg: 'written',
        })),
    },
  );
});
afterAll(() => t.close());

const completeRecord = {
  contactName: 'Zhang Min',
  induRegiNo: '330200000034567',
  contactTel: '0574-8765 4321',
  bankName: 'Bank of Ningbo',
  accountNo: '6222033003000000003',
};

describe('supplier registration', () => {
  const base = {
    compName: 'Wenzhou Anda Engineering Co., Ltd.',
    creditCode: '91330300MA27XK0D4E',
    contactName: 'Chen Jie',
    tel: '13600000011',
    password: 'Strong-pass1',
  };

  it('checks names, accounts, user names and phones as the user types', async () => {
    const check = (url: string) => t.app.inject({ method: 'POST', url });
    expect(
      (await check('/api/common/companyName?compName=Hangzhou%20Jianye%20Construction%20Co.%2C%20Ltd.')).json(),
    ).toEqual({ code: 200, msg: 'ok', data: { exists: true } });
    expect(
      (await check(`/api/common/companyName?compName=${encodeURIComponent(base.compName)}`)).json().data.exists,
    ).toBe(false);
    expect((await check('/api/common/selectByAccountNo?accountNo=6222021001000000001')).json().data.exists).toBe(true);
    expect((await check('/api/common/selectByLoginUid?loginUid=OWNER1')).json().data.exists).toBe(true);
    expect((await check('/api/common/selectByLoginUid?loginUid=newowner')).json().data.exists).toBe(false);
    expect((await check('/api/common/selectByTel?tel=13900000002')).json().data.exists).toBe(true);
    expect((await check('/api/common/selectByTel?tel=13900000002&types=0')).json().data.exists).toBe(false);
    expect((await check('/api/common/selectByTel')).json()).toMatchObject({
      code: 500,
      msg: expect.stringContaining('tel'),
    });
  });

  it('registers a company and its first user with a register code, who can then sign in', async () => {
    const { uuid, msgCode } = await smsCodeFor(t.app, base.tel, 'register');
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...base, msgCode, uuid } });
    expect(res.json()).toEqual({ code: 200, msg: 'registration complete, please sign in' });
    // The phone just had a code: the next one may be asked for a minute later.
    await ageSmsCodes(t, base.tel, 61);
    const token = await signInSupplier(t, base.tel);
    const user = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).json().rows
      .user;
    expect(user).toMatchObject({ types: 1, roles: ['supplier'], fix: 0, company: { compName: base.compName } });
  });

  it('refuses a wrong code, a taken name, credit code or phone, and bad fields', async () => {
    const tel = '13600000012';
    const { uuid, msgCode } = await smsCodeFor(t.app, tel, 'register');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...base, tel, msgCode: msgCode === '000000' ? '111111' : '000000', uuid },
    });
    expect(wrong.json()).toEqual({ code: 500, msg: 'the SMS code is wrong or has expired' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...base, tel, msgCode, uuid },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 500, msg: 'a company with this name is already registered' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...base, creditCode: 'abc', password: 'weak' },
    });
    expect(bad.json().msg).toMatch(/creditCode: unified credit code must be 18 characters/);
    // Nothing half-written: still one company of that name.
    const n = (await t.database.db.execute(
      sql`select count(*)::int as n from companies where name = ${base.compName}`,
    )) as unknown as { rows: { n: number }[] };
    expect(n.rows[0]!.n).toBe(1);
  });
});

describe('back-office account requests', () => {
  it('stores the request for review and refuses a duplicate', async () => {
    const tel = '13600000021';
    const { uuid, msgCode } = await smsCodeFor(t.app, tel, 'register');
    const body = {
      orgName: 'Yuhang District Water Bureau',
      departCategory: 'government',
      contactName: 'Xu Lan',
      tel,
      msgCode,
      uuid,
      loginUid: 'yuhang_water',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/employee/register', payload: body })).json().code).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/common/selectByLoginUid?loginUid=yuhang_water' })).json().data
        .exists,
    ).toBe(true);
    const rows = (await t.database.db.execute(
      sql`select status from account_requests where login_uid = 'yuhang_water'`,
    )) as unknown as { rows: { status: string }[] };
    expect(rows.rows).toEqual([{ status: 'pending' }]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/employee/register',
      payload: { ...body, loginUid: 'owner1' },
    });
    expect(again.json().code).toBe(500);
  });
});

describe('company record', () => {
  it('lets a supplier read its own company and refuses another one', async () => {
    const token = await signInSupplier(t, '13900000001');
    const me = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).json().rows.user;
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/user/jkqgetUserInfoById?compId=${me.company.compId}`,
      headers: bearer(token),
    });
    expect(own.json().data).toMatchObject({
      compName: 'Hangzhou Jianye Construction Co., Ltd.',
      induRegiNo: '330100000012345',
      contactTel: '13900000001',
      bankName: 'Bank of Hangzhou',
      accountNo: '6222021001000000001',
      fix: 1,
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/user/jkqgetUserInfoById?compId=${me.company.compId + 1}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(403);
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateCompany',
      headers: bearer(token),
      payload: { ...completeRecord, compId: me.company.compId + 1 },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('lets staff with the supplier-management permission read any company, and no one else', async () => {
    const admin = await signInAs(t, 'admin');
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/user/jkqgetUserInfoById?compId=1', headers: bearer(admin) })
      ).json().code,
    ).toBe(200);
    const owner = await signInAs(t, 'owner1');
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/user/jkqgetUserInfoById?compId=1', headers: bearer(owner) })
      ).json().code,
    ).toBe(403);
  });

  it('refuses an incomplete supplier every business write until the record is complete', async () => {
    const { token } = await createSupplier(t, { complete: false });
    const write = () =>
      t.app.inject({ method: 'POST', url: '/api/test/business-write', headers: bearer(token), payload: {} });
    const refused = await write();
    expect(refused.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/company record is incomplete/) });
    // Reading is allowed meanwhile.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).json().rows.user.fix,
    ).toBe(0);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateCompany',
      headers: bearer(token),
      payload: { ...completeRecord, accountNo: '12ab' },
    });
    expect(bad.json().msg).toBe('bank account: 8 to 30 digits');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateCompany',
      headers: bearer(token),
      payload: { ...completeRecord, accountNo: '6222021001000000001' },
    });
    expect(taken.json()).toEqual({
      code: 500,
      msg: 'this bank account number is already registered to another company',
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateCompany',
      headers: bearer(token),
      payload: completeRecord,
    });
    expect(saved.json()).toMatchObject({ code: 200, data: { ...completeRecord, fix: 1 } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).json().rows.user.fix,
    ).toBe(1);
    expect((await write()).json()).toEqual({ code: 200, msg: 'written' });
  });
});
