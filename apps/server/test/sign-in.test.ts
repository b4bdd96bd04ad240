import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  CAPTCHA_TEXT,
  DEMO_PASSWORD,
  ageSmsCodes,
  bearer,
  createTestApp,
  readSmsCode,
  requestCode,
  smsCodeFor,
  type TestApp,
} from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const captcha = async () => (await t.app.inject({ method: 'GET', url: '/api/common/common/captcha?width=150' })).json();

async function employeeLogin(loginUid: string, password: string, answer = CAPTCHA_TEXT, uuid?: string) {
  const id = uuid ?? (await captcha()).uuid;
  return t.app.inject({
    method: 'POST',
    url: '/api/employee/loginEmp',
    payload: {
      loginUid: t.cipher.encrypt(loginUid),
      loginPwd: t.cipher.encrypt(password),
      code: t.cipher.encrypt(answer),
      uuid: t.cipher.encrypt(id),
    },
  });
}

describe('captcha', () => {
  it('answers an image, a uuid and whether it is on', async () => {
    const body = await captcha();
    expect(body).toMatchObject({ code: 200, captchaEnabled: true });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.img).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a wrong answer, and an answer used twice', async () => {
    const wrong = await employeeLogin('admin', ADMIN_PASSWORD, 'zzzz');
    expect(wrong.json()).toMatchObject({ code: 500, msg: expect.stringMatching(/captcha is wrong/) });
    const { uuid } = await captcha();
    expect((await employeeLogin('admin', ADMIN_PASSWORD, CAPTCHA_TEXT, uuid)).json().code).toBe(200);
    const reused = await employeeLogin('admin', ADMIN_PASSWORD, CAPTCHA_TEXT, uuid);
    expect(reused.json()).toMatchObject({ code: 500, msg: expect.stringMatching(/captcha is wrong or has expired/) });
  });

  it('refuses an expired answer', async () => {
    const { uuid } = await captcha();
    await t.database.db.execute(sql`update captchas set expires_at = now() - interval '1 second' where id = ${uuid}`);
    expect((await employeeLogin('admin', ADMIN_PASSWORD, CAPTCHA_TEXT, uuid)).json().code).toBe(500);
  });

  it('is skipped when CAPTCHA_ENABLED is false, and the call says so', async () => {
    const app = await t.restart({ CAPTCHA_ENABLED: 'false' });
    expect((await app.inject({ method: 'GET', url: '/api/common/common/captcha' })).json()).toEqual({
      code: 200,
      msg: 'ok',
      captchaEnabled: false,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      payload: { loginUid: t.cipher.encrypt('auditor1'), loginPwd: t.cipher.encrypt(DEMO_PASSWORD) },
    });
    expect(res.json().code).toBe(200);
  });
});

describe('employee password sign-in', () => {
  it('answers the token in msg, trims the user name, and the token opens user info', async () => {
    const res = await employeeLogin('  admin  ', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const token = res.json().msg;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });
    expect(info.json().rows.user).toMatchObject({
      logUid: 'admin',
      types: 0,
      roles: ['admin'],
      permissions: ['*:*:*'],
    });
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const unknown = await employeeLogin('nobody_here', 'Whatever1');
    const wrong = await employeeLogin('owner1', 'Wrong-pass1');
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ code: 500, msg: 'wrong user name or password' });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers a field that does not decrypt like a wrong one, never with a stack trace', async () => {
    const { uuid } = await captcha();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      payload: {
        loginUid: 'admin',
        loginPwd: t.cipher.encrypt(ADMIN_PASSWORD),
        code: t.cipher.encrypt(CAPTCHA_TEXT),
        uuid: t.cipher.encrypt(uuid),
      },
    });
    expect(res.json()).toEqual({ code: 500, msg: 'wrong user name or password' });
  });

  it('names a missing or oversized field', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      payload: { loginUid: t.cipher.encrypt('admin') },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 500, msg: expect.stringContaining('loginPwd') });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      payload: { loginUid: 'x'.repeat(600), loginPwd: 'y' },
    });
    expect(huge.json()).toMatchObject({ code: 500, msg: expect.stringContaining('loginUid') });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginUid":',
    });
    expect(notJson.json().code).toBe(500);
    expect(JSON.stringify(notJson.json())).not.toMatch(/at .*\.(ts|js):\d+/);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      payload: { loginUid: 'a'.repeat(2 * 1024 * 1024) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe(500);
  });

  it('slows down repeated failures, then locks the account, across restarts', async () => {
    for (let i = 0; i < 3; i++)
      expect((await employeeLogin('finance1', 'Wrong-pass1')).json().msg).toBe('wrong user name or password');
    // The fourth try comes too soon after the third failure.
    const slowed = await employeeLogin('finance1', DEMO_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().msg).toMatch(/try again in \d+ seconds/);
    for (let i = 0; i < 2; i++) {
      await t.database.db.execute(
        sql`update login_failures set last_failed_at = now() - interval '1 minute' where account_key = 'emp:finance1'`,
      );
      await employeeLogin('finance1', 'Wrong-pass1');
    }
    await t.database.db.execute(
      sql`update login_failures set last_failed_at = now() - interval '1 minute' where account_key = 'emp:finance1'`,
    );
    const locked = await employeeLogin('finance1', DEMO_PASSWORD);
    expect(locked.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/locked, try again in 15 minutes/) });
    // Another instance (or the same after a restart) sees the lock: it is in the database.
    const other = await t.restart();
    const cap = (await other.inject({ method: 'GET', url: '/api/common/common/captcha' })).json();
    const again = await other.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      payload: {
        loginUid: t.cipher.encrypt('finance1'),
        loginPwd: t.cipher.encrypt(DEMO_PASSWORD),
        code: t.cipher.encrypt(CAPTCHA_TEXT),
        uuid: t.cipher.encrypt(cap.uuid),
      },
    });
    expect(again.json().code).toBe(-1);
    // When the lock runs out, the right password works again and clears the counter.
    await t.database.db.execute(
      sql`update login_failures set locked_until = now() - interval '1 second' where account_key = 'emp:finance1'`,
    );
    expect((await employeeLogin('finance1', DEMO_PASSWORD)).json().code).toBe(200);
  });

  it('refuses a disabled account after checking its password', async () => {
    await t.database.db.execute(sql`update users set status = '1' where login_uid = 'guarantor1'`);
    const res = await employeeLogin('guarantor1', DEMO_PASSWORD);
    expect(res.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/disabled/) });
    await t.database.db.execute(sql`update users set status = '0' where login_uid = 'guarantor1'`);
  });

  it('writes every attempt to the sign-in log without the password', async () => {
    const rows = (await t.database.db.execute(sql`select login_name, status, msg from signin_log`)) as unknown as {
      rows: { login_name: string; status: string; msg: string }[];
    };
    expect(rows.rows.some((r) => r.login_name === 'admin' && r.status === '0')).toBe(true);
    expect(rows.rows.some((r) => r.login_name === 'owner1' && r.status === '1')).toBe(true);
    expect(JSON.stringify(rows.rows)).not.toContain(DEMO_PASSWORD);
  });
});

describe('SMS codes', () => {
  it('sends six digits to the phone, once a minute', async () => {
    const first = await requestCode(t.app, '13900000001');
    expect(first).toMatchObject({ code: 200, uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await readSmsCode(t.app, '13900000001')).toMatch(/^\d{6}$/);
    const second = await t.app.inject({ method: 'GET', url: '/api/common/common/code?tel=13900000001&purpose=login' });
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toMatch(/please wait \d+ seconds/);
  });

  it('refuses a malformed phone with a message naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common/common/code?tel=12345&purpose=login' });
    expect(res.json()).toMatchObject({ code: 500, msg: expect.stringContaining('tel') });
  });

  it('does not reveal whether a phone has an account, and sends nothing to one that has none', async () => {
    const res = await requestCode(t.app, '13700000009');
    expect(res.code).toBe(200);
    await expect(readSmsCode(t.app, '13700000009')).rejects.toThrow();
  });

  it('signs a supplier in by phone with the code of that request, once', async () => {
    const tel = '13900000002';
    const { uuid, msgCode } = await smsCodeFor(t.app, tel);
    const ok = await t.app.inject({ method: 'POST', url: '/api/external/tellogin', payload: { tel, msgCode, uuid } });
    expect(ok.json()).toMatchObject({ code: 200, rows: { token: expect.any(String) } });
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/external/tellogin',
      payload: { tel, msgCode, uuid },
    });
    expect(reused.json()).toEqual({ code: 500, msg: 'wrong phone number or SMS code' });
  });

  it('refuses an expired code', async () => {
    const tel = '13900000003';
    const { uuid, msgCode } = await smsCodeFor(t.app, tel);
    await ageSmsCodes(t, tel, 6 * 60);
    const res = await t.app.inject({ method: 'POST', url: '/api/external/tellogin', payload: { tel, msgCode, uuid } });
    expect(res.json()).toEqual({ code: 500, msg: 'wrong phone number or SMS code' });
  });

  it('burns a code after five wrong tries', async () => {
    const tel = '13800000003';
    await ageSmsCodes(t, tel, 120);
    const { uuid, msgCode: right } = await smsCodeFor(t.app, tel);
    const wrong = right === '000000' ? '111111' : '000000';
    const attempt = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/employee/adminLoginTel',
        payload: { loginTel: t.cipher.encrypt(tel), code: t.cipher.encrypt(c), uuid: t.cipher.encrypt(uuid) },
      });
    for (let i = 0; i < 5; i++) {
      await t.database.db.execute(sql`delete from login_failures`);
      await attempt(wrong);
    }
    await t.database.db.execute(sql`delete from login_failures`);
    expect((await attempt(right)).json()).toEqual({ code: 500, msg: 'wrong phone number or SMS code' });
  });

  it('signs an employee in by phone; the token is in msg', async () => {
    const tel = '13800000002';
    const { uuid, msgCode: code } = await smsCodeFor(t.app, tel);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/employee/adminLoginTel',
      payload: { loginTel: t.cipher.encrypt(tel), code: t.cipher.encrypt(code), uuid: t.cipher.encrypt(uuid) },
    });
    const token = res.json().msg;
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });
    expect(info.json().rows.user).toMatchObject({ logUid: 'auditor1', roles: ['auditor'] });
  });

  it('signs a supplier in with password and code; the code is checked first', async () => {
    const tel = '13900000001';
    await ageSmsCodes(t, tel, 120);
    const { msgCode: code } = await smsCodeFor(t.app, tel);
    const login = (pwd: string, c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/external/login',
        payload: { tel: t.cipher.encrypt(tel), msgCode: t.cipher.encrypt(c), pwd: t.cipher.encrypt(pwd) },
      });
    // Without the right code, a password cannot be tried at all.
    expect((await login(DEMO_PASSWORD, code === '123456' ? '654321' : '123456')).json().msg).toBe(
      'wrong phone number or SMS code',
    );
    const ok = await login(DEMO_PASSWORD, code);
    expect(ok.json()).toMatchObject({ code: 200, rows: { token: expect.any(String) } });
    const user = (
      await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(ok.json().rows.token) })
    ).json().rows.user;
    expect(user).toMatchObject({
      types: 1,
      logTel: tel,
      fix: 1,
      roles: ['supplier'],
      company: { compName: 'Hangzhou Jianye Construction Co., Ltd.' },
    });
  });

  it('answers a wrong supplier password like an unknown phone', async () => {
    const tel = '13900000002';
    await ageSmsCodes(t, tel, 120);
    const { msgCode: code } = await smsCodeFor(t.app, tel);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/external/login',
      payload: { tel: t.cipher.encrypt(tel), msgCode: t.cipher.encrypt(code), pwd: t.cipher.encrypt('Wrong-pass1') },
    });
    expect(res.json()).toEqual({ code: 500, msg: 'wrong phone number or password' });
  });

  it('sends through the HTTP gateway when configured, and reports a failed send', async () => {
    const sent: unknown[] = [];
    const { buildApp } = await import('../src/app.ts');
    const { httpSmsProvider } = await import('../src/modules/sms/sms.providers.ts');
    const fakeGateway = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response('{}', { status: sent.length === 1 ? 200 : 503 });
    }) as unknown as typeof fetch;
    const app = await buildApp({
      config: { ...t.config },
      db: t.database.db,
      logger: false,
      smsProvider: httpSmsProvider('https://sms.example.test/send', fakeGateway),
    });
    await ageSmsCodes(t, '13800000004', 120);
    expect(
      (await app.inject({ method: 'GET', url: '/api/common/common/code?tel=13800000004&purpose=login' })).json().code,
    ).toBe(200);
    expect(sent[0]).toMatchObject({ tel: '13800000004', content: expect.stringMatching(/\d{6}/) });
    await ageSmsCodes(t, '13800000004', 120);
    const failed = await app.inject({ method: 'GET', url: '/api/common/common/code?tel=13800000004&purpose=login' });
    expect(failed.json()).toMatchObject({ code: 501, msg: expect.stringMatching(/could not be sent/) });
    // The outbox read-out is not there when messages go to a gateway.
    expect((await app.inject({ method: 'GET', url: '/api/dev/sms-outbox?tel=13800000004' })).statusCode).toBe(404);
    await app.close();
  });
});
