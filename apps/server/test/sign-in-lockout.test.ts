import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function employeeLogin(loginUid: string, password: string, uuid: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/employee/loginEmp',
    headers,
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
