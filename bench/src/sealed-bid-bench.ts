/**
 * Sealed-bid benchmark (issue 12): on a fresh PostgreSQL database, N qualified suppliers submit
 * and replace sealed prices on one price-competition project at once, over HTTP against the real
 * server, for a while; prints the bids sealed per second, the latency and the errors, then checks
 * that every company is left with exactly one live bid and that every answered bid is stored.
 *
 *   npm run bench:bids -w bench    (BENCH_SUPPLIERS=50, BENCH_SECONDS=10, DATABASE_URL or
 *                                   BENCH_DATABASE_SERVER: the PostgreSQL server to use)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { createLoginCipher } from '../../apps/server/src/lib/login-cipher.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { seedBase } from '../../apps/server/src/seed/seed.ts';
import { publishedSealedProject } from './bench-project.ts';
import { dropDatabase, freshDatabase } from './databases.ts';

const dbName = process.env.BENCH_BIDS_DATABASE ?? 'lvb_bench_bids';
const suppliers = Number(process.env.BENCH_SUPPLIERS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 18192;
const base = `http://127.0.0.1:${PORT}`;
const PDF = new Blob(['%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'], { type: 'application/pdf' });

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; [k: string]: unknown };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.msg}`);
  return json;
}

/** An employee's token (the captcha is off in this configuration). */
async function employee(loginUid: string, encrypt: (v: string) => string) {
  const body = { loginUid: encrypt(loginUid), loginPwd: encrypt('Demo@2026') };
  return (await call('POST', '/api/employee/loginEmp', undefined, body)).msg;
}

async function smsCode(database: Database, tel: string, purpose: string) {
  const { uuid } = (await call('GET', `/api/common/common/code?tel=${tel}&purpose=${purpose}`)) as unknown as {
    uuid: string;
  };
  const outbox = (await call('GET', `/api/dev/sms-outbox?tel=${tel}`)).rows as { content: string }[];
  const msgCode = /\b(\d{6})\b/.exec(outbox[0]!.content)![1]!;
  // One code a minute per phone: the next one may be asked for at once in this scene.
  await database.db.execute(
    sql`update sms_codes set created_at = created_at - interval '61 seconds' where tel = ${tel}`,
  );
  return { uuid, msgCode };
}

/** Registers a supplier company, signs its user in and completes its record; answers the token. */
async function supplier(database: Database, n: number): Promise<string> {
  const tel = `136${String(n).padStart(8, '0')}`;
  const digits = String(n).padStart(8, '0');
  await call('POST', '/api/register', undefined, {
    compName: `Bench Supplier ${n} Co., Ltd.`,
    creditCode: `91330100MA${digits}`,
    contactName: `Contact ${n}`,
    tel,
    password: 'Bench-pass-2026',
    ...(await smsCode(database, tel, 'register')),
  });
  const token = (
    (await call('POST', '/api/external/tellogin', undefined, { tel, ...(await smsCode(database, tel, 'login')) }))
      .rows as { token: string }
  ).token;
  await call('POST', '/api/user/updateCompany', token, {
    contactName: `Contact ${n}`,
    induRegiNo: `3301000${digits}`,
    contactTel: '0571-8000 0000',
    bankName: 'Bank of Hangzhou',
    accountNo: `62220990${digits}`,
  });
  return token;
}

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', PDF, 'document.pdf');
  return (await call('POST', '/common/upload', token, form)).fileName as string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  // A new, empty database each run: the figures are of this scene only.
  const url = await freshDatabase(dbName);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedBase(database.db, 'Bench@2026-admin');
  await seedDemo(database.db);
  const config = loadConfig({
    DATABASE_URL: url,
    CAPTCHA_ENABLED: 'false',
    SIGNIN_RATE_LIMIT: '10000',
    CODE_RATE_LIMIT: '10000',
    SIGNIN_ADDRESS_FAILURES: '100000',
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, db: database.db, planOnceDb: database.planOnceDb, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  try {
    const cipher = createLoginCipher(config.loginAesKey);
    const encrypt = (v: string) => cipher.encrypt(v);
    const owner = await employee('owner1', encrypt);
    const auditor = await employee('auditor1', encrypt);

    const t0 = Date.now();
    const tokens: string[] = [];
    for (let i = 1; i <= suppliers; i++) tokens.push(await supplier(database, i));
    const project = await publishedSealedProject(call, owner, auditor, 'Bench sealed-bid project', await upload(owner));
    for (const token of tokens) {
      const applied = (
        await call('POST', `/api/hall/projects/${project}/apply`, token, {
          contactName: 'Bid Desk',
          contactTel: '13900002222',
          documents: [await upload(token)],
        })
      ).data as { id: number };
      await call('POST', `/api/applications/${applied.id}/qualify`, auditor);
    }
    console.log(`${suppliers} qualified suppliers ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // Each supplier submits, waits for its receipt, and submits again, until the time is up.
    const latencies: number[] = [];
    let errors = 0;
    const bid = (token: string) =>
      fetch(`${base}/api/bidding2/projects/${project}/bids`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ priceFen: 100_000_000 + Math.floor(Math.random() * 100_000_000) }),
      });
    await Promise.all(tokens.map((token) => bid(token))); // warm-up: every company's first bid and the data key
    const loadBefore = loadavg()[0]!.toFixed(2);
    const until = Date.now() + seconds * 1000;
    const began = Date.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (Date.now() < until) {
          const sent = performance.now();
          const res = await bid(token);
          const body = (await res.json()) as { code: number };
          if (body.code === 200) latencies.push(performance.now() - sent);
          else errors += 1;
        }
      }),
    );
    const elapsed = (Date.now() - began) / 1000;
    latencies.sort((a, b) => a - b);

    const [stored] = await queryRows<{ total: number; live: number; companies: number }>(
      database.db,
      sql`select count(*)::int as total, count(*) filter (where superseded_at is null)::int as live,
            count(distinct company_id)::int as companies from bids where project_id = ${project}`,
    );
    console.log(
      `\nPostgreSQL ${new URL(url).host}, ${suppliers} concurrent suppliers, ${elapsed.toFixed(1)} s, load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after\n`,
    );
    console.log('| sealed bids | bids/s | p50 ms | p99 ms | errors | stored bids | live bids |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(
      `| ${latencies.length} | ${(latencies.length / elapsed).toFixed(0)} | ${percentile(latencies, 0.5).toFixed(1)} | ${percentile(latencies, 0.99).toFixed(1)} | ${errors} | ${stored!.total} | ${stored!.live} |`,
    );
    if (stored!.live !== suppliers || stored!.companies !== suppliers || stored!.total !== latencies.length + suppliers)
      throw new Error('the stored bids do not match the answered ones: one live bid per company, every receipt stored');
  } finally {
    await app.close();
    await database.close();
    // The shared server keeps nothing of the run (BENCH_KEEP=1 keeps it to look at).
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
