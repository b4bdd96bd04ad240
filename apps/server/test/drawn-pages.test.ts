import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE } from '../src/web/serve-web-app.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// How the server answers public pages with the web build's drawing (`dist/ssr/entry.js`,
// apps/web/src/server/entry.tsx). The drawing here is a stand-in written for the test: it reads the
// hall through the transport the server gives it, as the real one does, and draws what it read.
// The real drawing is played end to end by e2e/tests/public-pages-drawn.spec.ts.
let t: TestApp;
let dist: string;
const template = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
const drawing = `
export async function createPageDrawer({ template, manifest, lightManifest, transport }) {
  return {
    async draw(request) {
      const url = new URL(request.url, request.origin);
      if (url.pathname === '/hall') {
        const answer = await transport('/api/hall/projects?pageNum=1&pageSize=5', {
          headers: { 'Accept-Language': 'zh-CN', authorization: 'Bearer stolen' },
        });
        const body = await answer.json();
        const facts = [answer.status, body.total, body.rows[0]?.name, request.cookieLanguage, request.acceptLanguage, request.origin, manifest.page, lightManifest.page];
        return { status: 200, html: template.replace('<div id="root"></div>', '<div id="root" data-ssr>' + facts.join('|') + '</div>') };
      }
      if (url.pathname === '/pub') throw new Error('the drawing broke');
      return null;
    },
  };
}
`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'lvb-web-drawn-'));
  mkdirSync(path.join(dist, 'ssr'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), template);
  writeFileSync(path.join(dist, 'ssr', 'entry.js'), drawing);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ page: 'from-the-manifest' }));
  writeFileSync(path.join(dist, '.vite', 'light-manifest.json'), JSON.stringify({ page: 'from-the-light-one' }));
  t = await createTestApp({ WEB_DIST: dist, PUBLIC_BASE_URL: 'https://trade.example.org' }, { projects: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('public pages drawn on the server', () => {
  it('answers any GET of a drawn page with the page, drawn from what the API answers anyone', async () => {
    const hall = (await get('/api/hall/projects?pageNum=1&pageSize=5', { 'accept-language': 'zh-CN' })).json();
    const res = await get('/hall', { accept: '*/*', cookie: 'lang=zh-CN; other=1', 'accept-language': 'en-GB,en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe(PAGE_CACHE);
    expect(res.headers.vary).toContain('Accept-Language');
    const facts = /data-ssr>([^<]*)</.exec(res.body)?.[1]?.split('|');
    expect(facts).toEqual([
      '200',
      String(hall.total),
      hall.rows[0].name,
      'zh-CN',
      'en-GB,en',
      'https://trade.example.org',
      'from-the-manifest',
      'from-the-light-one',
    ]);
    expect(hall.total).toBeGreaterThan(0);
  });

  it('gives a signed-in visitor the app itself, whose guard loads the session first', async () => {
    const res = await get('/hall', { accept: 'text/html', cookie: 'Admin-Token=some-token' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(template);
  });

  it('answers with the app when the drawing fails or does not draw the path', async () => {
    for (const url of ['/pub', '/', '/system/user']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(template);
    }
  });

  it('never sends the drawing or the manifest to a browser', async () => {
    for (const url of ['/ssr/entry.js', '/.vite/manifest.json', '/.vite/light-manifest.json']) {
      const res = await get(url, { accept: '*/*' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('createPageDrawer');
    }
  });

  it('keeps API paths answering the 404 envelope', async () => {
    const res = await get('/api/no-such-thing', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
