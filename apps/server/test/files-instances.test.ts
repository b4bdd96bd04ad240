import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { FILE_CHUNK_BYTES } from '../src/modules/files/file-storage.ts';
import { cutEverySession, databaseName } from './database-cuts.ts';
import { pdfOfSize as pdfOf } from './factories.ts';
import { createTestApp, signInSupplier, type TestApp } from './test-app.ts';

/**
 * Files are served by every instance on the database: one instance takes an upload, another
 * (its own connections, its own DATA_DIR, nothing shared but the database) answers the download.
 */
let t: TestApp;
let token: string;
let dbName: string;
const dirs: string[] = [];
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  dirs.push(
    await mkdtemp(path.join(tmpdir(), 'lvb-instance-a-')),
    await mkdtemp(path.join(tmpdir(), 'lvb-instance-b-')),
  );
  t = await createTestApp({ DATA_DIR: dirs[0]! });
  token = await signInSupplier(t, '13900000001');
  dbName = await databaseName(t);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await t.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A second server instance on the same database: on PostgreSQL with its own connection pool. */
async function secondInstance(): Promise<FastifyInstance> {
  const env = { DATA_DIR: dirs[1]! };
  if (!process.env.DATABASE_URL) return t.restart(env);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${dbName}`;
  const database: Database = await openDatabase({ databaseUrl: url.toString() });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', ...env }),
    db: database.db,
    planOnceDb: database.planOnceDb,
    logger: false,
  });
  closers.push(
    () => database.close(),
    () => app.close(),
  );
  return app;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function uploadOver(base: string, bytes: Buffer, name = 'proposal.pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await fetch(`${base}/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; fileName?: string } };
}

describe('files across server instances', () => {
  it('uploads through one instance and downloads the same bytes through another', async () => {
    const first = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const other = await secondInstance();
    const second = await other.listen({ port: 0, host: '127.0.0.1' });
    const bytes = pdfOf(3 * FILE_CHUNK_BYTES + 777);
    const up = await uploadOver(first, bytes);
    expect(up.body.code, up.body.msg).toBe(200);
    const url = `${second}/common/download?fileName=${up.body.fileName}`;
    const down = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-length')).toBe(String(bytes.length));
    expect(down.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    const got = Buffer.from(await down.arrayBuffer());
    expect(sha256(got)).toBe(sha256(bytes));
    const part = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=262100-262299' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(262100, 262300))).toBe(true);
  });
});

describe.runIf(process.env.DATABASE_URL)('a lost database connection during uploads (PostgreSQL)', () => {
  it('leaves no file without its whole content, and every answered upload stored whole', async () => {
    const base = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answers: { status: number; code: number; fileName?: string; sha: string }[] = [];
    let running = true;
    const clients = Array.from({ length: 6 }, async (_, i) => {
      while (running) {
        const bytes = pdfOf(FILE_CHUNK_BYTES * (2 + (i % 3)) + i);
        const { status, body } = await uploadOver(base, bytes);
        answers.push({ status, code: body.code, fileName: body.fileName, sha: sha256(bytes) });
      }
    });
    let cut = 0;
    for (let round = 0; round < 4; round++) {
      await sleep(250);
      cut += await cutEverySession(dbName);
    }
    await sleep(250);
    running = false;
    await Promise.all(clients);

    expect(cut).toBeGreaterThan(0);
    expect(answers.some((a) => a.status !== 200)).toBe(true);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(503);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(3);

    // Every file has its whole content, in order, matching its SHA-256; no chunk without its file.
    const rows = await queryRows<{
      name: string;
      sha256: string;
      size: number;
      total: number;
      chunks: number;
      seqs: number;
      actual: string;
    }>(
      t.database.db,
      sql`select f.stored_name as name, f.sha256, f.size, sum(length(c.data))::int as total, count(c.seq)::int as chunks,
                 coalesce(max(c.seq), -1)::int + 1 as seqs,
                 encode(sha256(string_agg(c.data, ''::bytea order by c.seq)), 'hex') as actual
          from files f left join file_chunks c on c.file_id = f.id group by f.id`,
    );
    for (const r of rows) {
      expect(r.sha256, r.name).not.toBeNull();
      expect(r.total, r.name).toBe(r.size);
      expect(r.chunks, r.name).toBe(Math.ceil(r.size / FILE_CHUNK_BYTES));
      expect(r.seqs, r.name).toBe(r.chunks);
      expect(r.actual, r.name).toBe(r.sha256);
    }
    const byName = new Map(rows.map((r) => [r.name, r.sha256]));
    for (const a of ok) expect(byName.get(a.fileName!), a.fileName).toBe(a.sha);
    const [orphanChunks] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from file_chunks c where not exists (select 1 from files f where f.id = c.file_id)`,
    );
    expect(orphanChunks!.n).toBe(0);
  }, 60_000);
});
