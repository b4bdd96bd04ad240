/**
 * Hall benchmark (issue "projects"): seeds 100,000 projects with their notices on PostgreSQL,
 * then loads the hall listing with filters and the project detail with 50 connections, against
 * the real server and against a bare http + prepared-statement ceiling, and prints a table.
 * Target: at least 90% of the ceiling's throughput with p99 at most 1.2 times the ceiling's (and
 * under 50 ms) on 2 cores.
 */
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { dropDatabase, ensureDatabase } from './databases.ts';
import { start, startServer, stop, waitFor } from './processes.ts';
import { load, medianOf, type Figures } from './http-load.ts';
import { recordFigures, smokeRun } from './report.ts';
import { seedBenchProjects } from './seed-projects.ts';

const dbName = process.env.BENCH_DATABASE ?? 'lvb_bench';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 15);
const projectCount = Number(process.env.BENCH_PROJECTS ?? 100_000);
const API_PORT = 18180;
const CEILING_PORT = 18190;

/**
 * The ceiling must answer the same data as the server, or the ratio means nothing: a few pages
 * and details are compared before measuring, as parsed answers (the order of an object's keys is
 * not part of the answer; times as instants: the server's answers spell them as PostgreSQL writes
 * them into JSON, the ceiling's detail as JavaScript does).
 */
export function normalAnswer(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (_key, v: unknown) =>
    typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v)
      ? new Date(v).toISOString()
      : v,
  );
}

async function checkSameAnswers(pairs: [string, string][]) {
  for (const [server, ceiling] of pairs) {
    const [a, b] = await Promise.all([server, ceiling].map(async (u) => normalAnswer(await (await fetch(u)).json())));
    if (!isDeepStrictEqual(a, b))
      throw new Error(
        `the ceiling does not answer what the server answers:\n${server}\n${JSON.stringify(a)}\n${ceiling}\n${JSON.stringify(b)}`,
      );
  }
}

/** Rounds per side: the server and the ceiling take turns, so that drift on the machine meets both. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const roundSeconds = Math.max(1, Math.round(duration / rounds));

/** The median of each figure over the rounds, the two sides measured in turn. */
async function paired(server: () => Promise<Figures>, ceiling: () => Promise<Figures>): Promise<[Figures, Figures]> {
  const a: Figures[] = [];
  const b: Figures[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(await server());
    b.push(await ceiling());
  }
  return [medianOf(a), medianOf(b)];
}

async function main() {
  const url = await ensureDatabase(dbName);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  const t0 = Date.now();
  const seeded = await seedBenchProjects(database, projectCount);
  const typeIds = await queryRows<{ id: number }>(database.db, sql`select id from project_types order by id`);
  const [range] = await queryRows<{ lo: number; hi: number }>(
    database.db,
    sql`select min(id) as lo, max(id) as hi from projects`,
  );
  await database.close();
  console.log(
    `projects: ${seeded.total} (${seeded.created} created${seeded.realigned ? ', dates brought back to now' : ''} in ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  const types = typeIds.map((r) => Number(r.id));
  const lo = Number(range!.lo);
  const hi = Number(range!.hi);
  const pick = (i: number) => lo + ((i * 7919) % (hi - lo + 1));
  const listFilter = (i: number) => `typeId=${types[i % types.length]}&model=${1 + (i % 3)}`;

  const api = startServer({
    DATABASE_URL: url,
    PORT: String(API_PORT),
    DEMO_DATA: '0',
    LOG_LEVEL: 'error',
    ADMIN_INITIAL_PASSWORD: 'Bench@2026-admin',
    WEB_DIST: '/nonexistent',
  });
  const ceiling = start(['bench/src/ceiling-server.ts'], { DATABASE_URL: url, PORT: String(CEILING_PORT) });
  try {
    await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
    await waitFor(`http://127.0.0.1:${CEILING_PORT}/detail/${lo}`);
    const listPath = (i: number) => `/api/hall/projects?${listFilter(i)}&status=all`;
    await checkSameAnswers(
      [0, 1, 2, 7, 11].flatMap((i): [string, string][] => [
        [`http://127.0.0.1:${API_PORT}${listPath(i)}`, `http://127.0.0.1:${CEILING_PORT}/list?${listFilter(i)}`],
        [
          `http://127.0.0.1:${API_PORT}/api/hall/projects/${pick(i)}`,
          `http://127.0.0.1:${CEILING_PORT}/detail/${pick(i)}`,
        ],
      ]),
    );
    const loadBefore = loadavg()[0]!.toFixed(2);
    const rows: [string, Figures, Figures][] = [];
    rows.push([
      'hall list (type + model filter, page 1)',
      ...(await paired(
        () => load(`http://127.0.0.1:${API_PORT}`, listPath, connections, roundSeconds),
        () => load(`http://127.0.0.1:${CEILING_PORT}`, (i) => `/list?${listFilter(i)}`, connections, roundSeconds),
      )),
    ]);
    rows.push([
      'project detail',
      ...(await paired(
        () => load(`http://127.0.0.1:${API_PORT}`, (i) => `/api/hall/projects/${pick(i)}`, connections, roundSeconds),
        () => load(`http://127.0.0.1:${CEILING_PORT}`, (i) => `/detail/${pick(i)}`, connections, roundSeconds),
      )),
    ]);
    // Other work on the machine skews both sides; the load average says whether there was any.
    console.log(
      `\n${connections} connections, ${rounds} rounds of ${roundSeconds} s per side taken in turn (medians), PostgreSQL ${new URL(url).host}, load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after\n`,
    );
    console.log(
      '| scenario | server req/s | p50 ms | p99 ms | errors | ceiling req/s | ceiling p99 ms | ratio | target met |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [name, s, c] of rows)
      await recordFigures('hall against the ceiling', {
        scenario: name,
        serverRps: s.rps,
        p50: s.p50,
        p99: s.p99,
        errors: s.errors,
        ceilingRps: c.rps,
        ceilingP99: c.p99,
        ratio: `${((s.rps / c.rps) * 100).toFixed(0)}%`,
      });
    for (const [name, s, c] of rows) {
      const ratio = s.rps / c.rps;
      const met = ratio >= 0.9 && s.p99 <= 1.2 * c.p99 && s.p99 < 50 && s.errors === 0;
      console.log(
        `| ${name} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} | ${s.errors} | ${c.rps.toFixed(0)} | ${c.p99} | ${(ratio * 100).toFixed(0)}% | ${met ? 'yes' : 'no'} |`,
      );
    }
  } finally {
    await Promise.all([stop(api), stop(ceiling)]);
    // The 100,000 projects are kept for the next run (a few seconds to seed again otherwise); a
    // smoke run's few are not.
    if (smokeRun) await dropDatabase(dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
