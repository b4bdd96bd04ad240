import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/secrets.ts';
import { LOCK_AFTER_FAILURES } from '../src/modules/auth/login-throttle.ts';
import { DEMO_PASSWORD } from './test-app.ts';
import { CAPTCHA_TEXT, createTestApp, readSmsCode, requestCode, type TestApp } from './test-app.ts';

/**
 * Guessing stays bounded whatever the concurrency, and without handing an attacker a way to lock
 * the owner of an account out (OWASP's lockout guidance): failures are claimed before they are
 * evaluated, a device that signed in before counts on its own, and one address is limited across
 * every account it tries.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_ADDRESS_FAILURES: '12' });
});
afterAll(() => t.close());

const captcha = async () => (await t.app.inject({ method: 'GET', url: '/api/common/common/captcha' })).json().uuid;

function employeeLogin(
  loginUid: string,
  password: string,
  uuid: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/employee/loginEmp',
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      loginUid: t.cipher.encrypt(loginUid),
      loginPwd: t.cipher.encrypt(password),
      code: t.cipher.encrypt(CAPTCHA_TEXT),
      uuid: t.cipher.encrypt(uuid),
    },
  });
}
const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'lvb_device');
  return cookie ? `lvb_device=${cookie.value}` : undefined;
};
/** Forgets an account's and the address's failures, as the passing of time would. */
const forgive = () => t.database.db.execute(sql`delete from login_failures`);

describe('the account lockout under concurrency', () => {
  it('evaluates no more than the limit of 60 simultaneous guesses, the right password last', async () => {
    await forgive();
    const uuids = await Promise.all(Array.from({ length: 60 }, captcha));
    const answers = await Promise.all(
      uuids.map((uuid, i) => employeeLogin('finance1', i === 59 ? DEMO_PASSWORD : 'Wrong-pass1', uuid)),
    );
    const evaluated = answers.filter((a) => a.json().msg === 'wrong user name or password');
    const refused = answers.filter((a) => [423, 429].includes(a.statusCode));
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(LOCK_AFTER_FAILURES);
    expect(evaluated.length + refused.length + answers.filter((a) => a.statusCode === 200).length).toBe(60);
    // The sign-in log holds one failure per evaluated guess, not one per request.
    const [{ n }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from signin_log where login_name = 'finance1' and status = '1'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(n).toBe(evaluated.length);
  }, 60_000);
});

describe('a device that signed in before', () => {
  it('still signs in while guesses from elsewhere have locked the account', async () => {
    await forgive();
    const first = await employeeLogin('owner1', DEMO_PASSWORD, await captcha());
    expect(first.json().code).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    // The cookie is HTTP-only, sent to the API only, and does not name the account.
    const cookie = first.cookies.find((c) => c.name === 'lvb_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/', sameSite: 'Strict' });
    expect(cookie.value).not.toContain('owner1');

    // An attacker elsewhere guesses until the account is locked for unknown devices.
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      await t.database.db.execute(sql`update login_failures set last_failed_at = now() - interval '1 minute'`);
      await employeeLogin('owner1', 'Wrong-pass1', await captcha());
    }
    const stranger = await employeeLogin('owner1', DEMO_PASSWORD, await captcha());
    expect(stranger.statusCode).toBe(423);
    expect(stranger.json().msg).toMatch(/locked/);

    // The owner's own browser is not locked out.
    const owner = await employeeLogin('owner1', DEMO_PASSWORD, await captcha(), { cookie: device! });
    expect(owner.json().code).toBe(200);
  });

  it('ignores a forged or altered device cookie', async () => {
    const forged = await employeeLogin('owner1', DEMO_PASSWORD, await captcha(), { cookie: 'lvb_device=abc.def' });
    expect(forged.statusCode).toBe(423);
  });

  it('still has its own limit, so a stolen cookie does not open unlimited guessing', async () => {
    await forgive();
    const first = await employeeLogin('auditor1', DEMO_PASSWORD, await captcha());
    const device = deviceCookieOf(first)!;
    const statuses: number[] = [];
    for (let i = 0; i < LOCK_AFTER_FAILURES + 1; i++) {
      await t.database.db.execute(sql`update login_failures set last_failed_at = now() - interval '1 minute'`);
      statuses.push((await employeeLogin('auditor1', 'Wrong-pass1', await captcha(), { cookie: device })).statusCode);
    }
    expect(statuses.at(-1)).toBe(423);
  });
});

describe('one address trying many accounts', () => {
  it('is locked out after SIGNIN_ADDRESS_FAILURES failures, whichever accounts it tried', async () => {
    await forgive();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      // Each guess at another (unknown) account, so no account limit is reached.
      statuses.push((await employeeLogin(`nobody${i}`, 'Wrong-pass1', await captcha())).statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(12)).toEqual([423, 423]);
  });
});

describe('wrong SMS codes', () => {
  it('lock an unknown device out of a supplier account, not the supplier’s own browser', async () => {
    await forgive();
    const tel = '13900000001';
    const login = async (msgCode: string, uuid: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/external/tellogin', headers, payload: { tel, msgCode, uuid } });
    let { uuid } = await requestCode(t.app, tel);
    const ok = await login(await readSmsCode(t.app, tel), uuid);
    expect(ok.json().code).toBe(200);
    const device = deviceCookieOf(ok)!;
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      await t.database.db.execute(sql`update login_failures set last_failed_at = now() - interval '1 minute'`);
      await login('000000', 'not-a-request');
    }
    expect((await login('000000', 'not-a-request')).statusCode).toBe(423);
    await t.database.db.execute(sql`update sms_codes set created_at = created_at - interval '2 minutes'`);
    ({ uuid } = await requestCode(t.app, tel));
    const mine = await login(await readSmsCode(t.app, tel), uuid, { cookie: device });
    expect(mine.json().code).toBe(200);
  });
});

describe('one office behind one address (SIGNIN_ADDRESS_FAILURES 30)', () => {
  /**
   * Only failures count against an address: an office of suppliers signing in for the first time
   * from one NAT address is not locked out, while 30 failures still lock the address, with a
   * message that names the network and not an account.
   */
  let office: TestApp;
  beforeAll(async () => {
    office = await t.restart({ SIGNIN_ADDRESS_FAILURES: '30' }).then((app) => ({ ...t, app }));
    const hash = await hashPassword('Office-pass-1');
    for (let i = 0; i < 40; i++) {
      await t.database.db.execute(
        sql`insert into users (types, login_uid, name, password_hash) values (0, ${`office${i}`}, ${`Office ${i}`}, ${hash})`,
      );
    }
  });
  const login = async (loginUid: string, password: string, address: string, headers: Record<string, string> = {}) => {
    const uuid = (
      await office.app.inject({ method: 'GET', url: '/api/common/common/captcha', remoteAddress: address })
    ).json().uuid;
    return office.app.inject({
      method: 'POST',
      url: '/api/employee/loginEmp',
      remoteAddress: address,
      headers,
      payload: {
        loginUid: office.cipher.encrypt(loginUid),
        loginPwd: office.cipher.encrypt(password),
        code: office.cipher.encrypt(CAPTCHA_TEXT),
        uuid: office.cipher.encrypt(uuid),
      },
    });
  };

  it('lets 40 accounts sign in for the first time from one address', async () => {
    await forgive();
    for (let i = 0; i < 40; i++) {
      const res = await login(`office${i}`, 'Office-pass-1', '203.0.113.10');
      expect(res.json(), `sign-in ${i + 1}`).toMatchObject({ code: 200 });
    }
  }, 120_000);

  it('locks the address after 30 failures, saying so in both languages; a known browser still signs in', async () => {
    await forgive();
    const address = '203.0.113.20';
    const known = deviceCookieOf(await login('office0', 'Office-pass-1', address))!;
    for (let i = 0; i < 30; i++) {
      expect((await login(`stranger${i}`, 'Wrong-pass1', address)).statusCode, `failure ${i + 1}`).toBe(400);
      // A success between the failures gives back its place and leaves the count as it was.
      if (i === 10) expect((await login('office1', 'Office-pass-1', address)).statusCode).toBe(200);
    }
    const locked = await login('office2', 'Office-pass-1', address);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().msg).toMatch(/too many failed sign-ins from your network .*try again in 15 minutes/);
    expect(locked.json().msg).not.toMatch(/account/);
    const zh = await login('office2', 'Office-pass-1', address, { 'accept-language': 'zh-CN' });
    expect(zh.json().msg).toMatch(/您所在网络.*登录失败次数过多.*15 分钟后再试/);
    // The browser that signed in to its account before is not locked out by its office.
    expect((await login('office0', 'Office-pass-1', address, { cookie: known })).statusCode).toBe(200);
    // Another address is not affected.
    expect((await login('office2', 'Office-pass-1', '203.0.113.21')).statusCode).toBe(200);
  }, 120_000);

  it('names the account, not the network, when the account is what is locked', async () => {
    await forgive();
    const address = '203.0.113.30';
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      await t.database.db.execute(sql`update login_failures set last_failed_at = now() - interval '1 minute'`);
      expect((await login('office3', 'Wrong-pass1', address)).statusCode).toBe(400);
    }
    const locked = await login('office3', 'Office-pass-1', address);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().msg).toMatch(
      /too many failed sign-ins to this account: it is locked, try again in 15 minutes/,
    );
    expect(locked.json().msg).not.toMatch(/network/);
    const zh = await login('office3', 'Office-pass-1', address, { 'accept-language': 'zh-CN' });
    expect(zh.json().msg).toMatch(/该账号登录失败次数过多，已锁定/);
    // The address lost only its failures: another account signs in from it.
    expect((await login('office4', 'Office-pass-1', address)).statusCode).toBe(200);
  }, 60_000);

  it('evaluates no more than 30 of 80 simultaneous guesses from one address', async () => {
    await forgive();
    const address = '203.0.113.40';
    const uuids = await Promise.all(
      Array.from(
        { length: 80 },
        async () =>
          (await office.app.inject({ method: 'GET', url: '/api/common/common/captcha', remoteAddress: address })).json()
            .uuid as string,
      ),
    );
    // Guesses at 80 different accounts, so no account limit takes part; a few right ones among them.
    const answers = await Promise.all(
      uuids.map((uuid, i) =>
        office.app.inject({
          method: 'POST',
          url: '/api/employee/loginEmp',
          remoteAddress: address,
          payload: {
            loginUid: office.cipher.encrypt(i % 10 === 0 ? `office${5 + i / 10}` : `guess${i}`),
            loginPwd: office.cipher.encrypt(i % 10 === 0 ? 'Office-pass-1' : 'Wrong-pass1'),
            code: office.cipher.encrypt(CAPTCHA_TEXT),
            uuid: office.cipher.encrypt(uuid),
          },
        }),
      ),
    );
    const evaluated = answers.filter((a) => a.statusCode === 400);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(30);
    expect(answers.every((a) => [200, 400, 423, 429].includes(a.statusCode))).toBe(true);
    const [{ n }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from signin_log where ip = ${address} and status = '1'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(n).toBe(evaluated.length);
    // What is left counts failures only: every claim was either kept or given back.
    const [row] = (
      (await t.database.db.execute(
        sql`select failures from login_failures where account_key = ${`addr:${address}`}`,
      )) as unknown as { rows: { failures: number }[] }
    ).rows;
    expect(row!.failures).toBe(evaluated.length);
  }, 120_000);
});
