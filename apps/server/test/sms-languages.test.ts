import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCode, signInSupplier, type TestApp } from './test-app.ts';

/** Every text message of sign-in, registration and reset carries both languages, Chinese first. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outbox = async (tel: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${tel}` })).json().rows as { content: string }[];

describe('the code SMS', () => {
  const cases = [
    { purpose: 'login', tel: '13900000001', zh: '登录', en: 'sign-in' },
    { purpose: 'register', tel: '13600000077', zh: '注册', en: 'registration' },
    { purpose: 'reset', tel: '13900000002', zh: '重置密码', en: 'password reset' },
  ];
  for (const c of cases) {
    it(`for ${c.purpose} is one message in Chinese, then English, with the same code`, async () => {
      expect((await requestCode(t.app, c.tel, c.purpose)).code).toBe(200);
      const [sms] = await outbox(c.tel);
      const match =
        /^您的(.+)验证码为 (\d{6})，5 分钟内有效，请勿告诉他人。 Your (.+) code is (\d{6})\. It is valid for 5 minutes\. Do not share it\.$/.exec(
          sms!.content,
        );
      expect(match, sms!.content).not.toBeNull();
      expect([match![1], match![3]]).toEqual([c.zh, c.en]);
      expect(match![2]).toBe(match![4]);
      expect(sms!.content.length).toBeLessThan(140);
    });
  }

  it('still signs the supplier in with the code it carries', async () => {
    expect(await signInSupplier(t, '13900000003')).toBeTruthy();
    expect((await outbox('13900000003'))[0]!.content).toMatch(/^您的登录验证码为 \d{6}/);
  });
});
