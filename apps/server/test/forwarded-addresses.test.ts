import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signInAs } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The per-address limits (sign-in, look-ups, code sending) count the caller's real address: a
 * forged X-Forwarded-For counts for nothing unless the operator names the proxies (TRUST_PROXY).
 */
const LIMIT = 3;
const lookUp = (t: TestApp, n: number, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/common/selectByTel?tel=1390000${String(n).padStart(4, '0')}`,
    headers: { 'x-forwarded-for': `203.0.113.${n}`, ...headers },
  });
const wrongSignIn = (t: TestApp, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/external/login',
    headers: { 'x-forwarded-for': `198.51.100.${n}` },
    payload: { username: 'x', password: 'x', code: '000000', uuid: 'x' },
  });

describe('with no proxy named (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: String(LIMIT), CODE_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('counts a caller that forges a new forwarded address per request as one address', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= LIMIT * 2 + 2; n++) statuses.push((await lookUp(t, n)).statusCode);
    expect(statuses.filter((s) => s === 429).length, String(statuses)).toBeGreaterThan(0);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
  });

  it('records the socket address, not the forged one, in the sign-in log', async () => {
    await wrongSignIn(t, 7);
    const admin = await signInAs(t, 'admin');
    const log = (await as(t.app, admin).get('/api/base/logs/signins?pageNum=1&pageSize=50')).json();
    const ips = (log.rows as { ip: string }[]).map((r) => r.ip);
    expect(ips.length).toBeGreaterThan(0);
    expect(ips).not.toContain('198.51.100.7');
    expect(ips).toContain('127.0.0.1');
  });
});

describe('with TRUST_PROXY naming the proxy in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SIGNIN_RATE_LIMIT: String(LIMIT),
      CODE_RATE_LIMIT: String(LIMIT),
      TRUST_PROXY: '127.0.0.1',
    });
  });
  afterAll(() => t.close());

  it('takes the client address from the trusted proxy and limits each client on its own', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= LIMIT * 2; n++) statuses.push((await lookUp(t, n)).statusCode);
    expect(
      statuses.every((s) => s === 200),
      String(statuses),
    ).toBe(true);
    const sameClient: number[] = [];
    // Look-ups allow twice the sign-in limit a minute.
    for (let n = 0; n < LIMIT * 2 + 1; n++) sameClient.push((await lookUp(t, 99)).statusCode);
    expect(sameClient.at(-1)).toBe(429);
  });

  it('refuses a TRUST_PROXY value that is neither a hop count nor addresses', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBeTypeOf('function');
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
