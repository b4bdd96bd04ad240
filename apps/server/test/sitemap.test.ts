import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './admin-helpers.ts';
import { createProject, signInAs } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * What crawlers find: robots.txt and the sitemap of the public pages, announcements and published
 * projects, each with its Chinese alternate, kept current from the database.
 */
let t: TestApp;
let owner: string;
let auditor: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, auditor] = await Promise.all([signInAs(t, 'owner1'), signInAs(t, 'auditor1')]);
});
afterAll(() => t.close());

const get = (url: string, host = 'trade.example.test') => t.app.inject({ method: 'GET', url, headers: { host } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('robots.txt', () => {
  it('keeps crawlers out of the API and the sign-in pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /adminlogin');
    expect(lines).toContain('Sitemap: http://trade.example.test/sitemap.xml');
  });
});

describe('the sitemap', () => {
  it('indexes its parts, lists the public pages and announcements with their Chinese pages', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(locs(index.body)).toEqual([
      'http://trade.example.test/sitemap-pages.xml',
      'http://trade.example.test/sitemap-projects-1.xml',
    ]);
    const pages = await get('/sitemap-pages.xml');
    const listed = locs(pages.body);
    for (const path of [
      '/',
      '/hall',
      '/pub',
      '/resultpub',
      '/resultpub?kind=awarded',
      '/extract',
      '/verify',
      '/mindex',
    ])
      expect(listed).toContain(`http://trade.example.test${path}`);
    expect(pages.body).toContain(
      '<xhtml:link rel="alternate" hreflang="zh-CN" href="http://trade.example.test/hall?lang=zh-CN"/>',
    );
    expect(pages.body).toContain(
      '<xhtml:link rel="alternate" hreflang="zh-CN" href="http://trade.example.test/resultpub?kind=failed&amp;lang=zh-CN"/>',
    );
    expect(listed.some((u) => u.includes('/pub?id='))).toBe(false);
    // A notice for everyone is listed at once.
    const created = await as(t.app, await signInAs(t, 'admin')).post('/api/system/notices', {
      title: 'Sitemap notice',
      noticeType: 'notification',
      audience: 'all',
      content: '<p>Hello</p>',
    });
    expect(created.json().code, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(locs((await get('/sitemap-pages.xml')).body)).toContain(`http://trade.example.test/pub?id=${id}`);
  });

  it('lists a project as soon as it is published, and never a draft', async () => {
    const published = await createProject(t, { owner, auditor }, 'published', { name: 'Sitemap footbridge' });
    const draft = await createProject(t, { owner, auditor }, 'draft', { name: 'Sitemap draft' });
    const part = await get('/sitemap-projects-1.xml');
    expect(part.statusCode).toBe(200);
    const listed = locs(part.body);
    expect(listed).toContain(`http://trade.example.test/iteminfo?id=${published}`);
    expect(listed).not.toContain(`http://trade.example.test/iteminfo?id=${draft}`);
    expect(part.body).toContain(`href="http://trade.example.test/iteminfo?id=${published}&amp;lang=zh-CN"`);
    expect(part.body).toMatch(
      new RegExp(`iteminfo\\?id=${published}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod>`),
    );
    expect((await get('/sitemap-projects-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-projects-0.xml')).statusCode).toBe(400);
  });

  it('writes the links from PUBLIC_BASE_URL when it is set', async () => {
    const other = await createTestApp({ PUBLIC_BASE_URL: 'https://trade.example.gov.cn/' }, { demo: false });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'internal:8080' } });
      expect(locs(res.body)[0]).toBe('https://trade.example.gov.cn/sitemap-pages.xml');
      const robots = await other.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: https://trade.example.gov.cn/sitemap.xml');
    } finally {
      await other.close();
    }
  });
});
