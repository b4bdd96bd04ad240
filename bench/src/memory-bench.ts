/**
 * Memory benchmark (issue 16): starts the real server the way `npm start` does, on the embedded
 * database in a new DATA_DIR and, when a PostgreSQL server answers, on a new database there
 * (created and dropped here), with demo data; reads its resident memory (RSS) right after start,
 * then applies a light load (page loads with their assets, the public hall's listings and
 * details, announcements, sign-ins of every demo account with their first calls, back-office
 * lists and an Excel export) and reads the
 * peak while it runs and what is left after it. Fails past the budgets: 350 MB on the embedded
 * database, 200 MB on PostgreSQL, both after start and under load.
 *
 *   npm run bench:memory -w bench    (BENCH_MEMORY_ROUNDS=3: rounds of the load; DATABASE_URL or
 *                                     BENCH_DATABASE_SERVER: the PostgreSQL server, default
 *                                     postgres://postgres@127.0.0.1:5432/postgres)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGIN_AES_KEY } from '../../apps/server/src/config.ts';
import { createLoginCipher } from '../../apps/server/src/lib/login-cipher.ts';
import { databaseReachable, databaseServer, dropDatabase, freshDatabase } from './databases.ts';
import { memoryOf, resetPeak, startServer, stop, waitFor } from './processes.ts';
import { smokeRun } from './report.ts';

const budgets = { embedded: 350, postgres: 200 };
const rounds = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
/** Requests in flight at once during the hall part of the load. */
const CONCURRENCY = 8;
const PORT = 18196;
const base = `http://127.0.0.1:${PORT}`;
const DB_NAME = 'lvb_bench_memory';
const ADMIN_PASSWORD = 'Bench@2026-admin';
const EMPLOYEES = ['owner1', 'auditor1', 'supervisor1', 'guarantor1', 'finance1'];
const SUPPLIER_PHONES = ['13900000001', '13900000002'];
const PAGES = ['/', '/hall', '/weblogin', '/adminlogin', '/mindex'];

let requests = 0;
let failures: string[] = [];

async function get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  requests += 1;
  const res = await fetch(`${base}${pathname}`, { headers });
  if (!res.ok) failures.push(`GET ${pathname}: ${res.status}`);
  return res;
}

async function api<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  pathname: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<T & { code: number; msg: string }> {
  requests += 1;
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { code: number; msg: string };
  if (json.code !== 200) {
    failures.push(`${method} ${pathname}: ${json.msg}`);
    throw new Error(`${method} ${pathname}: ${json.msg}`);
  }
  return json;
}

/** Runs `jobs` with at most `CONCURRENCY` of them at once. */
async function inParallel(jobs: (() => Promise<unknown>)[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

/** A page as a browser first loads it: the HTML, then every script and style it names. */
async function loadPage(pathname: string) {
  const html = await (await get(pathname, { accept: 'text/html', 'accept-encoding': 'gzip, br' })).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  await Promise.all(assets.map(async (asset) => (await get(asset, { 'accept-encoding': 'gzip, br' })).arrayBuffer()));
}

async function hallRound(round: number) {
  const jobs: (() => Promise<unknown>)[] = [];
  const options = await api<{ data: { types: { id: number }[] } }>('GET', '/api/hall/options');
  const types = options.data.types.map((t) => t.id);
  for (let i = 0; i < 60; i++) {
    const filter = [
      `pageNum=${1 + (i % 3)}`,
      `pageSize=${[10, 20][i % 2]}`,
      i % 4 === 0 ? `typeId=${types[i % types.length]}` : '',
      i % 5 === 0 ? `model=${1 + (i % 3)}` : '',
      i % 7 === 0 ? 'keyword=demo' : '',
      `status=${['all', 'open', 'closed'][i % 3]}`,
      `sort=${['published', 'deadline', 'budget'][(i + round) % 3]}`,
    ].filter(Boolean);
    jobs.push(async () => {
      const list = await api<{ rows: { id: number }[] }>('GET', `/api/hall/projects?${filter.join('&')}`);
      for (const row of list.rows.slice(0, 2)) await api('GET', `/api/hall/projects/${row.id}`);
    });
  }
  for (let i = 0; i < 10; i++) {
    jobs.push(async () => {
      const list = await api<{ rows: { id: number }[] }>('GET', `/api/public/notices?pageNum=${1 + (i % 2)}`);
      if (list.rows[0]) await api('GET', `/api/public/notices/${list.rows[0].id}`);
    });
    jobs.push(() => api('GET', '/api/common/site-info'));
  }
  await inParallel(jobs);
}

/** Every demo employee and the administrator sign in at once; answers the administrator's token. */
async function signIns(): Promise<string> {
  const cipher = createLoginCipher(process.env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY);
  const accounts: [string, string][] = [
    ['admin', ADMIN_PASSWORD],
    ...EMPLOYEES.map((u): [string, string] => [u, 'Demo@2026']),
  ];
  const tokens = await Promise.all(
    accounts.map(async ([user, password]) => {
      const body = { loginUid: cipher.encrypt(user), loginPwd: cipher.encrypt(password) };
      const token = (await api('POST', '/api/employee/loginEmp', { body })).msg;
      await api('GET', '/api/user/info', { token });
      await api('GET', '/api/system/menu/menu', { token });
      return token;
    }),
  );
  return tokens[0]!;
}

/** The back office's lists, and one Excel export, as the administrator reads them. */
async function backOffice(token: string) {
  for (const list of ['/api/system/users', '/api/system/notices', '/api/base/logs/operations', '/api/projects']) {
    await api('GET', `${list}?pageNum=1&pageSize=20`, { token });
  }
  const res = await get('/api/system/menus/export', { authorization: `Bearer ${token}` });
  await res.arrayBuffer();
}

/** Suppliers sign in by SMS code (one code a minute per phone: once per run). */
async function supplierSignIns() {
  for (const tel of SUPPLIER_PHONES) {
    const { uuid } = await api<{ uuid: string }>('GET', `/api/common/common/code?tel=${tel}&purpose=login`);
    const outbox = await api<{ rows: { content: string }[] }>('GET', `/api/dev/sms-outbox?tel=${tel}`);
    const msgCode = /\b(\d{6})\b/.exec(outbox.rows[0]!.content)![1]!;
    const signedIn = await api<{ rows: { token: string } }>('POST', '/api/external/tellogin', {
      body: { tel, msgCode, uuid },
    });
    await api('GET', '/api/user/info', { token: signedIn.rows.token });
  }
}

interface Figures {
  afterStart: number;
  peak: number;
  afterLoad: number;
  requests: number;
}

async function measure(env: Record<string, string | undefined>): Promise<Figures> {
  const server: ChildProcess = startServer({
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DEMO_DATA: '1',
    CAPTCHA_ENABLED: 'false',
    ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD,
    ...env,
  });
  try {
    await waitFor(`${base}/api/health`, server);
    const pid = server.pid!;
    // Right after start: once it answers, and what a second later still holds.
    await new Promise((r) => setTimeout(r, 1000));
    const afterStart = (await memoryOf(pid)).rss;
    await resetPeak(pid);
    requests = 0;
    failures = [];
    await supplierSignIns();
    let admin: Promise<string> | undefined;
    for (let round = 0; round < rounds; round++) {
      admin ??= signIns();
      await Promise.all([...PAGES.map(loadPage), hallRound(round), admin.then(backOffice)]);
    }
    const { rss: afterLoad, peak } = await memoryOf(pid);
    if (failures.length > 0) {
      throw new Error(`${failures.length} of ${requests} requests failed:\n  ${failures.slice(0, 5).join('\n  ')}`);
    }
    return { afterStart, peak, afterLoad, requests };
  } finally {
    await stop(server);
  }
}

const mb = (n: number) => n.toFixed(0);

async function main() {
  const rows: [string, Figures, number][] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lvb-bench-memory-'));
  try {
    rows.push([
      'embedded (PGlite, new DATA_DIR)',
      await measure({ DATA_DIR: dataDir, DATABASE_URL: undefined }),
      budgets.embedded,
    ]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (await databaseReachable()) {
    const url = await freshDatabase(DB_NAME);
    const files = mkdtempSync(path.join(tmpdir(), 'lvb-bench-memory-'));
    try {
      rows.push([
        `PostgreSQL (${new URL(url).host}, new database)`,
        await measure({ DATABASE_URL: url, DATA_DIR: files }),
        budgets.postgres,
      ]);
    } finally {
      rmSync(files, { recursive: true, force: true });
      await dropDatabase(DB_NAME);
    }
  } else {
    console.log(
      `PostgreSQL at ${new URL(databaseServer).host} does not answer: measured on the embedded database only`,
    );
  }

  console.log(`\nresident memory (RSS) of the server process, MB; ${rounds} rounds of light load\n`);
  console.log('| database | after start | peak under load | after load | requests | budget | within |');
  console.log('|---|---|---|---|---|---|---|');
  let over = false;
  for (const [name, f, budget] of rows) {
    const within = Math.max(f.afterStart, f.peak) <= budget;
    over ||= !within;
    console.log(
      `| ${name} | ${mb(f.afterStart)} | ${mb(f.peak)} | ${mb(f.afterLoad)} | ${f.requests} | ${budget} | ${within ? 'yes' : 'NO'} |`,
    );
  }
  // A smoke run (CI, one round) keeps the bench working; budgets are judged on full runs.
  if (over && !smokeRun) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
