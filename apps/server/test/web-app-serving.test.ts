import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE, PAGE_CACHE } from '../src/web/serve-web-app.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The built web app as the server sends it: assets compressed at build time and kept a year,
// index.html revalidated on every visit, API answers compressed on the fly.
let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('the application '.repeat(200))});\n`;
const html = '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head></html>';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'lvb-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets/app-3f9a1c.js'), script);
  writeFileSync(path.join(dist, 'assets/app-3f9a1c.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets/app-3f9a1c.js.gz'), gzipSync(script));
  // An asset too small to be worth compressing has no copies (the build skips it).
  writeFileSync(path.join(dist, 'assets/tiny-77aa01.css'), 'a{}');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web app', () => {
  it('sends the Brotli copy of an asset to a browser that accepts it, kept for a year', async () => {
    const res = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': ASSET_CACHE,
      vary: expect.stringMatching(/accept-encoding/i),
    });
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-3f9a1c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(ASSET_CACHE);
    const tiny = await get('/assets/tiny-77aa01.css');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.body).toBe('a{}');
    expect(tiny.headers['cache-control']).toBe(ASSET_CACHE);
  });

  it('has index.html revalidated on every visit, at / and at a deep link', async () => {
    for (const url of ['/', '/index.html', '/system/user', '/no-such-page']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PAGE_CACHE);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe(PAGE_CACHE);
  });

  it('answers a missing asset 404, not the page', async () => {
    const res = await get('/assets/gone-000000.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe(ASSET_CACHE);
  });

  it('compresses API answers for callers that accept it, and only for them', async () => {
    const br = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(doc.paths['/api/health']).toBeDefined();
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().paths['/api/health']).toBeDefined();
    // Small answers are not worth it.
    const health = await get('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().data.db).toBe('ok');
  });
});
