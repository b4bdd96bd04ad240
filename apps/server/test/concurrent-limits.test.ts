import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { LOCK_AFTER_FAILURES } from '../src/modules/auth/login-throttle.ts';
import { as, signInAs } from './factories.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('one SMS code per phone a minute', () => {
  it('sends exactly one code for 200 simultaneous requests for one phone', async () => {
    const tel = '13900000001';
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({ method: 'GET', url: `/api/common/common/code?tel=${tel}&purpose=login` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(199);
    expect(answers.find((a) => a.statusCode === 429)!.json().msg).toMatch(/wait \d+ seconds/);
    const sent = (await t.database.db.execute(
      sql`select count(*)::int as n from sms_outbox where tel = ${tel}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(sent.rows[0]!.n).toBe(1);
  }, 60_000);
});

describe('changing one’s own password', () => {
  it('limits wrong current passwords like sign-in, even when they arrive at once', async () => {
    const token = await signInAs(t, 'finance1');
    const change = (oldPassword: string) =>
      as(t.app, token).post('/api/user/cbs/updateEmpPwd', { oldPassword, newPassword: 'Another-pass9' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => change('Wrong-pass1')));
    const evaluated = answers.filter((a) => a.json().msg === 'the current password is wrong');
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(LOCK_AFTER_FAILURES);
    expect(answers.every((a) => [400, 423, 429].includes(a.statusCode))).toBe(true);
    // The right password is refused too while the limit holds; the password is unchanged.
    expect((await change(DEMO_PASSWORD)).statusCode).not.toBe(200);
    await t.database.db.execute(sql`delete from login_failures`);
    expect((await change(DEMO_PASSWORD)).json().code).toBe(200);
  }, 60_000);
});

describe('the first administrator’s password', () => {
  it('must meet the platform’s password rule', () => {
    expect(() => loadConfig({ ADMIN_INITIAL_PASSWORD: 'aaaaaaaa' })).toThrow(/ADMIN_INITIAL_PASSWORD.*digit/);
    expect(() => loadConfig({ ADMIN_INITIAL_PASSWORD: '12345678' })).toThrow(/ADMIN_INITIAL_PASSWORD.*letter/);
    expect(loadConfig({ ADMIN_INITIAL_PASSWORD: 'Admin@2026' }).adminInitialPassword).toBe('Admin@2026');
  });
});
