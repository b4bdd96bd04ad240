import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { routeRegistry } from '../src/plugins/access.ts';
import { signInAs } from './factories.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/**
 * Every route anyone may call without signing in. A route that becomes public must be added
 * here on purpose; otherwise this test fails.
 */
const PUBLIC_ROUTES = [
  'GET /api/caLogin/challenge',
  'GET /api/common/common/captcha',
  'GET /api/common/common/code',
  'GET /api/common/site-info',
  'GET /api/dev/sms-outbox',
  'GET /api/dev/clock',
  'PUT /api/dev/clock',
  'GET /api/health',
  'GET /api/hall/options',
  'GET /api/hall/projects',
  'GET /api/hall/projects/:id',
  'GET /api/hall/projects/:id/documents/:fileName',
  'GET /api/public/letters/verify',
  'GET /api/public/draws',
  'GET /api/public/draws/:id',
  'GET /api/public/results',
  'GET /api/public/results/:id',
  'GET /api/public/notices',
  'GET /api/public/notices/:id',
  'GET /system/dict/data/type/:dictType',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemap-pages.xml',
  'GET /sitemap-projects-:part.xml',
  'POST /api/caLogin',
  'POST /api/common/companyName',
  'POST /api/common/selectByAccountNo',
  'POST /api/common/selectByLoginUid',
  'POST /api/common/selectByTel',
  'POST /api/employee/adminLoginTel',
  'POST /api/employee/loginEmp',
  'POST /api/employee/register',
  'POST /api/public/letters/verify-file',
  'POST /api/external/login',
  'POST /api/external/tellogin',
  'POST /api/register',
];

let t: TestApp;
beforeAll(async () => {
  routeRegistry.length = 0;
  t = await createTestApp({}, { demo: false });
});
afterAll(() => t.close());

describe('route access', () => {
  it('lists exactly the expected public routes', () => {
    const isDocs = (url: string) => url.startsWith('/api/docs');
    const publicRoutes = [
      ...new Set(
        routeRegistry
          .filter((r) => r.access === 'public' && !isDocs(r.url) && !r.method.includes('HEAD'))
          .map((r) => `${r.method} ${r.url}`),
      ),
    ].sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('refuses to start when a route declares neither a permission nor a public marker', async () => {
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db: t.database.db, logger: false });
    expect(() => app.get('/api/forgotten', async () => ({ code: 200 }))).toThrow(
      /declares neither a permission nor a public marker/,
    );
    await app.close();
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'resource does not exist' });
  });

  it('reports health and serves the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      code: 200,
      msg: 'ok',
      data: { db: 'ok' },
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/employee/loginEmp',
      '/api/external/login',
      '/api/user/info',
      '/api/system/menu/menu',
      '/system/dict/data/type/{dictType}',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers an id past the range of record ids with a validation message on every route', async () => {
    const token = await signInAs(t, 'admin');
    const withIds = [
      ...new Set(
        routeRegistry
          .filter((r) => /:ids?\b/.test(r.url) && !r.method.includes('HEAD'))
          .map((r) => `${r.method} ${r.url}`),
      ),
    ];
    expect(withIds.length).toBeGreaterThan(10);
    for (const route of withIds) {
      const [method, url] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/:ids?\b/g, '99999999999').replace(/:\w+/g, 'x'),
        headers: bearer(token),
      });
      expect(res.statusCode, route).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, route).toBeLessThan(500);
    }
    const hall = await t.app.inject({ method: 'GET', url: '/api/hall/projects/99999999999' });
    expect(hall.json()).toEqual({ code: 500, msg: expect.stringMatching(/^params id: /) });
    const filtered = await t.app.inject({ method: 'GET', url: '/api/hall/projects?typeId=99999999999' });
    expect(filtered.statusCode).toBe(400);
  });

  it('sends security headers: a strict set on API answers, the page policy on pages', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    const page = await t.app.inject({ method: 'GET', url: '/hall' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('rate limits', () => {
  it('limits sign-in calls per address, across instances on one database', async () => {
    const a = await t.restart({ SIGNIN_RATE_LIMIT: '3' });
    const b = await t.restart({ SIGNIN_RATE_LIMIT: '3' });
    const call = (app: typeof a) =>
      app.inject({
        method: 'POST',
        url: '/api/external/tellogin',
        payload: { tel: '13900000009', msgCode: '123456', uuid: 'x' },
      });
    expect((await call(a)).statusCode).toBe(400);
    expect((await call(b)).statusCode).toBe(400);
    expect((await call(a)).statusCode).toBe(400);
    const limited = await call(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 500,
      msg: expect.stringMatching(/too many requests, try again in \d+ seconds/),
    });
  });

  it('limits code sending per address', async () => {
    const app = await t.restart({ CODE_RATE_LIMIT: '2' });
    const send = (tel: string) =>
      app.inject({ method: 'GET', url: `/api/common/common/code?tel=${tel}&purpose=register` });
    expect((await send('13500000001')).statusCode).toBe(200);
    expect((await send('13500000002')).statusCode).toBe(200);
    expect((await send('13500000003')).statusCode).toBe(429);
  });
});
