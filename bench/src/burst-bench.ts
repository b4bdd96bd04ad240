/**
 * The bid-deadline burst (issue 34): on a fresh PostgreSQL database of its own, two instances of
 * the real server (built and run as `npm start` runs it) take sealed bids for one price-competition
 * project from many qualified suppliers. Requests start on a schedule (open-model arrival: each at
 * its time, whether or not earlier ones were answered), alternate between the instances, and a
 * client whose request fails retryably (a broken connection, 429, 503) sends it again with the
 * same Idempotency-Key. With `BENCH_FAULT=1` every database connection of the servers is
 * terminated (`pg_terminate_backend` on this database only) for five seconds mid-burst.
 *
 * Afterwards every acknowledged receipt is reconciled against the database (lost, duplicated,
 * stored without an acknowledgement), both processes must still be up, the bid deadline is moved
 * to now and both instances' schedulers must close the project exactly once, and the opening
 * must count exactly the companies' last acknowledged bids.
 *
 *   npm run bench:burst -w bench   (BENCH_BIDS=5000, BENCH_SUPPLIERS=1000, BENCH_SECONDS=60,
 *                                   BENCH_FAULT=0|1, BENCH_WARM_SECONDS=15, DATABASE_URL or
 *                                   BENCH_DATABASE_SERVER)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { AccountType, RoleKey } from '@lvb/contracts/access';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { createLoginCipher } from '../../apps/server/src/lib/login-cipher.ts';
import { hashPassword } from '../../apps/server/src/lib/secrets.ts';
import { accountsRepository } from '../../apps/server/src/modules/accounts/accounts.repository.ts';
import { applicationsRepository } from '../../apps/server/src/modules/applications/applications.repository.ts';
import { companiesRepository } from '../../apps/server/src/modules/companies/companies.repository.ts';
import { rolesRepository } from '../../apps/server/src/modules/roles/roles.repository.ts';
import { createSessionService } from '../../apps/server/src/modules/sessions/sessions.service.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { seedBase } from '../../apps/server/src/seed/seed.ts';
import { publishedSealedProject } from './bench-project.ts';
import { databaseServer, dropDatabase, freshDatabase } from './databases.ts';
import { startServer, stop, waitFor } from './processes.ts';
import { percentile, printTable, recordFigures } from './report.ts';

const dbName = process.env.BENCH_BURST_DATABASE ?? 'lvb_bench_burst';
const bidCount = Number(process.env.BENCH_BIDS ?? 5000);
const supplierCount = Number(process.env.BENCH_SUPPLIERS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const fault = process.env.BENCH_FAULT === '1';
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 15);
const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 5);
const SETUP_PORT = 18200;
const PORTS = [18201, 18202];
const PDF = new Blob(['%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'], { type: 'application/pdf' });
/** How many times a client sends a request that failed retryably, and how long it waits first. */
const TRIES = 12;
const backoff = (attempt: number) => Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random());

interface Ack {
  key: string;
  company: number;
  bidId: number;
  receiptHash: string;
  submittedAt: string;
}

const serverEnv = (url: string, port: number) => ({
  DATABASE_URL: url,
  PORT: String(port),
  DEMO_DATA: '0',
  LOG_LEVEL: 'error',
  ADMIN_INITIAL_PASSWORD: 'Bench@2026-admin',
  CAPTCHA_ENABLED: 'false',
  SIGNIN_RATE_LIMIT: '10000',
  CODE_RATE_LIMIT: '10000',
  WEB_DIST: '/nonexistent',
});

async function json(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; [k: string]: unknown };
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.msg}`);
  return answer;
}

/**
 * The scene, written through the server's own code on an in-process instance: the owner's
 * price-competition project announced and open for bids, `supplierCount` supplier companies with
 * an account, a signed-in session each and a qualified application.
 */
async function scene(database: Database, url: string) {
  const config = loadConfig({ ...serverEnv(url, SETUP_PORT), DATABASE_URL: url });
  const app = await buildApp({ config, db: database.db, planOnceDb: database.planOnceDb, logger: false });
  const base = `http://127.0.0.1:${SETUP_PORT}`;
  await app.listen({ port: SETUP_PORT, host: '127.0.0.1' });
  try {
    const cipher = createLoginCipher(config.loginAesKey);
    const employee = async (loginUid: string) =>
      (
        await json(base, 'POST', '/api/employee/loginEmp', undefined, {
          loginUid: cipher.encrypt(loginUid),
          loginPwd: cipher.encrypt('Demo@2026'),
        })
      ).msg;
    const owner = await employee('owner1');
    const auditor = await employee('auditor1');
    const form = new FormData();
    form.append('file', PDF, 'document.pdf');
    const document = (await json(base, 'POST', '/common/upload', owner, form)).fileName as string;
    const projectId = await publishedSealedProject(
      (method, path, token, body) => json(base, method, path, token, body),
      owner,
      auditor,
      'Bench burst project',
      document,
    );

    const sessions = createSessionService({ db: database.db, idleMinutes: 600, absoluteHours: 24 });
    const passwordHash = await hashPassword('Bench-pass-2026');
    const suppliers: { company: number; token: string }[] = [];
    await database.db.transaction(async (tx) => {
      const role = (await rolesRepository.findByKey(tx, RoleKey.supplier))!.id;
      for (let n = 1; n <= supplierCount; n++) {
        const digits = String(n).padStart(8, '0');
        const company = await companiesRepository.insert(tx, {
          name: `Bench Burst Supplier ${n} Co., Ltd.`,
          creditCode: `91330100MB${digits}`,
          induRegiNo: `3301000${digits}`,
          bankName: 'Bank of Hangzhou',
          accountNo: `62220990${digits}`,
          contactName: `Contact ${n}`,
          contactTel: `135${digits}`,
        });
        const userId = await accountsRepository.insert(
          tx,
          { types: AccountType.supplier, name: `Contact ${n}`, tel: `135${digits}`, passwordHash, companyId: company },
          [role],
        );
        const applicationId = await applicationsRepository.insert(tx, {
          projectId,
          companyId: company,
          userId,
          contactName: `Contact ${n}`,
          contactTel: `135${digits}`,
        });
        suppliers.push({ company, token: String(userId) });
        await tx.execute(
          sql`update applications set status = 'qualified', checked_at = now() where id = ${applicationId}`,
        );
      }
    });
    for (const s of suppliers) s.token = await sessions.create(Number(s.token), '127.0.0.1');
    return { projectId, owner, suppliers, cipher };
  } finally {
    await app.close();
  }
}

/** Ends every session of the servers on this database, again and again for `ms`. */
async function terminateConnections(ms: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseServer });
  await client.connect();
  let ended = 0;
  try {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const { rowCount } = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      ended += rowCount ?? 0;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
  return ended;
}

async function main() {
  const url = await freshDatabase(dbName);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedBase(database.db, 'Bench@2026-admin');
  await seedDemo(database.db);
  const t0 = Date.now();
  const { projectId, owner, suppliers } = await scene(database, url);
  console.log(`${supplierCount} qualified suppliers ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const servers = PORTS.map((port) => startServer(serverEnv(url, port)));
  const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);
  try {
    await Promise.all(bases.map((base, i) => waitFor(`${base}/api/health`, servers[i])));
    const latencies: number[] = [];
    /** Each acknowledged bid's latency by the second its request was due, to see when the slow ones came. */
    const byWindow: number[][] = [];
    const acks: Ack[] = [];
    const sentKeys = new Set<string>();
    const answers = { retried: 0, status503: 0, status429: 0, other5xx: 0, network: 0, refused: 0, gaveUp: 0 };

    /** One bid: sent at its time to its instance, sent again with the same key while it fails retryably. */
    const submit = async (i: number) => {
      const s = suppliers[i % suppliers.length]!;
      const key = randomUUID();
      sentKeys.add(key);
      const body = JSON.stringify({ priceFen: 100_000_000 + Math.floor(Math.random() * 190_000_000) });
      const began = performance.now();
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const base = bases[(i + attempt) % bases.length]!;
        let status = 0;
        try {
          const res = await fetch(`${base}/api/bidding2/projects/${projectId}/bids`, {
            method: 'POST',
            headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', 'idempotency-key': key },
            body,
          });
          status = res.status;
          const answer = (await res.json()) as {
            code: number;
            data?: { bidId: number; receiptHash: string; submittedAt: string };
          };
          if (answer.code === 200 && answer.data) {
            latencies.push(performance.now() - began);
            const window = Math.floor((i * (seconds * 1000)) / bidCount / 10_000);
            (byWindow[window] ??= []).push(performance.now() - began);
            acks.push({ key, company: s.company, ...answer.data });
            return;
          }
        } catch {
          answers.network += 1;
        }
        if (status === 503) answers.status503 += 1;
        else if (status === 429) answers.status429 += 1;
        else if (status >= 500) answers.other5xx += 1;
        else if (status !== 0) {
          answers.refused += 1;
          return;
        }
        answers.retried += 1;
        await new Promise((r) => setTimeout(r, backoff(attempt)));
      }
      answers.gaveUp += 1;
    };

    // Before the deadline's last minute the suppliers open their bidding page (it signs them in
    // to each instance's session cache and warms the instances): every supplier once, spread
    // over the warm-up, on the instance its first bid goes to. Not measured as submissions.
    const warmStarted = Date.now();
    const warmSpacing = (warmSeconds * 1000) / suppliers.length;
    const pages: Promise<unknown>[] = [];
    for (const [k, s] of suppliers.entries()) {
      const wait = warmStarted + k * warmSpacing - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pages.push(
        fetch(`${bases[k % bases.length]}/api/bidding2/projects`, {
          headers: { authorization: `Bearer ${s.token}` },
        }).then((r) => r.arrayBuffer()),
      );
    }
    await Promise.all(pages);

    const loadBefore = loadavg()[0]!.toFixed(2);
    const began = Date.now();
    const spacing = (seconds * 1000) / bidCount;
    const inFlight: Promise<void>[] = [];
    const faulted = fault
      ? new Promise<number>((resolve) =>
          setTimeout(() => void terminateConnections(FAULT_SECONDS * 1000).then(resolve), (seconds * 1000) / 2),
        )
      : Promise.resolve(0);
    // Open-model arrival: request i starts at its own time, however the earlier ones fare.
    for (let i = 0; i < bidCount; i++) {
      const due = began + i * spacing;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(submit(i));
    }
    await Promise.all(inFlight);
    const terminated = await faulted;
    const elapsed = (Date.now() - began) / 1000;
    const up = servers.every((s) => s.exitCode === null && s.signalCode === null);
    latencies.sort((a, b) => a - b);

    // Every acknowledged receipt against the database.
    const stored = await queryRows<{
      id: number;
      company_id: number;
      receipt_hash: string;
      idempotency_key: string | null;
      superseded_at: Date | null;
    }>(
      database.db,
      sql`select id, company_id, receipt_hash, idempotency_key, superseded_at from bids where project_id = ${projectId}`,
    );
    const byId = new Map(stored.map((b) => [Number(b.id), b]));
    const lost = acks.filter((a) => byId.get(a.bidId)?.receipt_hash !== a.receiptHash).length;
    const keyCounts = new Map<string, number>();
    for (const b of stored)
      if (b.idempotency_key) keyCounts.set(b.idempotency_key, (keyCounts.get(b.idempotency_key) ?? 0) + 1);
    const duplicated = [...keyCounts.values()].filter((n) => n > 1).length;
    const ackedKeys = new Set(acks.map((a) => a.key));
    const unacknowledged = stored.filter((b) => b.idempotency_key && !ackedKeys.has(b.idempotency_key)).length;
    const strangers = stored.filter((b) => !b.idempotency_key || !sentKeys.has(b.idempotency_key)).length;

    // The deadline comes: both instances run the scheduler; the project closes exactly once.
    await database.db.execute(
      sql`update projects set bid_deadline = app_now() - interval '1 second', opening_at = app_now() + interval '2 seconds' where id = ${projectId}`,
    );
    // Each scheduled move once: closing the sign-up and starting the evaluation, one audit row each.
    const closes = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from audit_trail where subject_type = 'project' and subject_id = ${projectId}
                and action in ('project.close_signup', 'project.start_evaluation')`,
        )
      )[0]!.n;
    const waitUntil = async (what: string, check: () => Promise<boolean>) => {
      for (let i = 0; i < 120; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`${what} did not happen within a minute`);
    };
    const status = async () =>
      (await queryRows<{ status: string }>(database.db, sql`select status from projects where id = ${projectId}`))[0]!
        .status;
    await waitUntil('the evaluation', async () => (await status()) === 'evaluating');
    const closeRows = await closes();

    // The opening counts exactly the companies' last acknowledged bids.
    const supervisor = (
      await json(bases[1]!, 'POST', '/api/employee/loginEmp', undefined, await employeeBody('supervisor1'))
    ).msg;
    await json(bases[1]!, 'POST', `/api/openings/${projectId}/witness`, supervisor);
    const openingStarted = performance.now();
    const record = (await json(bases[0]!, 'POST', `/api/openings/${projectId}/open`, owner)).data as {
      bids: { companyId: number; receiptHash: string }[];
    };
    const openingMs = performance.now() - openingStarted;
    const lastAck = new Map<number, Ack>();
    for (const a of acks) {
      const seen = lastAck.get(a.company);
      if (!seen || new Date(a.submittedAt) >= new Date(seen.submittedAt)) lastAck.set(a.company, a);
    }
    const live = stored.filter((b) => b.superseded_at === null);
    const openedRight =
      record.bids.length === lastAck.size &&
      record.bids.length === live.length &&
      record.bids.every((b) => lastAck.get(b.companyId)?.receiptHash === b.receiptHash);

    const host = new URL(url).host;
    console.log(
      `\nPostgreSQL ${host}, two server instances, ${suppliers.length} suppliers, ${bidCount} bids scheduled over ${seconds} s (${elapsed.toFixed(1)} s to the last answer)${fault ? `, every connection terminated for ${FAULT_SECONDS} s mid-burst (${terminated} sessions ended)` : ''}, load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after\n`,
    );
    const figures = {
      acknowledged: acks.length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
      lost,
      duplicated,
      unacknowledged,
      strangers,
      ...answers,
      closes: closeRows,
      opening: openingMs,
    };
    printTable(
      [
        'acknowledged',
        'p50 ms',
        'p99 ms',
        'max ms',
        'lost',
        'duplicated',
        'stored, not acknowledged',
        '503',
        '429',
        'other 5xx',
        'network errors',
        'retries',
        'gave up',
        'deadline moves',
        'opening ms',
        'opening counts',
      ],
      [
        [
          acks.length,
          figures.p50.toFixed(1),
          figures.p99.toFixed(1),
          figures.max.toFixed(1),
          lost,
          duplicated + strangers,
          unacknowledged,
          answers.status503,
          answers.status429,
          answers.other5xx,
          answers.network,
          answers.retried,
          answers.gaveUp,
          closeRows,
          openingMs.toFixed(0),
          openedRight ? `${record.bids.length} (right)` : `${record.bids.length} (WRONG)`,
        ],
      ],
    );
    console.log(
      `\np99 by ten-second window of the schedule: ${byWindow
        .map(
          (w, k) =>
            `${k * 10}-${k * 10 + 10} s ${percentile(
              w.sort((a, b) => a - b),
              0.99,
            ).toFixed(0)} ms`,
        )
        .join(', ')}`,
    );
    await recordFigures(fault ? 'burst with the database connections cut' : 'burst', {
      scene: `${bidCount} bids from ${suppliers.length} suppliers over ${seconds} s, two instances${fault ? `, connections cut ${FAULT_SECONDS} s` : ''}`,
      ...figures,
    });
    const problems = [
      lost ? `${lost} acknowledged bids are not stored as acknowledged` : '',
      duplicated + strangers ? `${duplicated + strangers} bids stored twice or never sent` : '',
      answers.other5xx ? `${answers.other5xx} answers were 5xx other than 503` : '',
      !fault && answers.status503 ? `${answers.status503} answers were 503 without a fault` : '',
      answers.gaveUp ? `${answers.gaveUp} bids were given up after ${TRIES} tries` : '',
      up ? '' : 'a server process ended',
      closeRows === 2 ? '' : `the scheduler made ${closeRows} moves where two were due (close, then evaluate)`,
      openedRight ? '' : 'the opening does not count exactly the last acknowledged bids',
      !fault && figures.p99 > 150 ? `p99 ${figures.p99.toFixed(0)} ms is above 150 ms` : '',
    ].filter(Boolean);
    if (problems.length) console.log(`\nNot met: ${problems.join('; ')}.`);
    else console.log('\nEvery target met.');
    // Nothing lost or doubled fails any run; the latency target is judged on full runs only.
    process.exitCode = problems.filter((p) => !p.startsWith('p99')).length ? 1 : 0;
  } finally {
    await Promise.all(servers.map((s) => stop(s)));
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(dbName);
  }

  async function employeeBody(loginUid: string) {
    const cipher = createLoginCipher(loadConfig({ DATABASE_URL: url }).loginAesKey);
    return { loginUid: cipher.encrypt(loginUid), loginPwd: cipher.encrypt('Demo@2026') };
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
