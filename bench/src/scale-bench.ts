/**
 * Scale (issue 34): the hall listing and the project detail as the platform grows, on a fresh
 * PostgreSQL database of its own grown to each size in turn (10,000, 100,000 and 1,000,000
 * published projects with their announcements by default), measured with the real server built as
 * `npm start` runs it. Target: at the largest size, p99 at most 1.5 times the smallest size's.
 *
 *   npm run bench:scale -w bench   (BENCH_SIZES=10000,100000,1000000, BENCH_CONNECTIONS=20,
 *                                   BENCH_SECONDS=5, BENCH_ROUNDS=3, DATABASE_URL or BENCH_DATABASE_SERVER)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { dropDatabase, freshDatabase } from './databases.ts';
import { load, medianOf, type Figures } from './http-load.ts';
import { startServer, stop, waitFor } from './processes.ts';
import { printTable, recordFigures, smokeRun } from './report.ts';
import { seedBenchProjects } from './seed-projects.ts';

const dbName = process.env.BENCH_SCALE_DATABASE ?? 'lvb_bench_scale';
const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = 18210;

/** How many times `base` a p99 is; the load tool counts whole milliseconds, so under 1 ms counts as 1. */
const growth = (p99: number, base: number) => Math.max(p99, 1) / Math.max(base, 1);

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  const url = await freshDatabase(dbName);
  const results: { size: number; seedS: number; list: Figures; detail: Figures }[] = [];
  try {
    for (const size of sizes) {
      const database = await openDatabase({ databaseUrl: url });
      await database.migrate();
      const t0 = Date.now();
      await seedBenchProjects(database, size);
      const seedS = (Date.now() - t0) / 1000;
      const types = (await queryRows<{ id: number }>(database.db, sql`select id from project_types order by id`)).map(
        (r) => Number(r.id),
      );
      const [range] = await queryRows<{ lo: number; hi: number }>(
        database.db,
        sql`select min(id) as lo, max(id) as hi from projects where code like 'BN%'`,
      );
      await database.close();
      const lo = Number(range!.lo);
      const hi = Number(range!.hi);
      // Details spread over the whole table, pages over every type and model, a few pages deep.
      const pick = (i: number) => lo + ((i * 7919) % (hi - lo + 1));
      const listPath = (i: number) =>
        `/api/hall/projects?typeId=${types[i % types.length]}&model=${1 + (i % 3)}&pageNum=${1 + (i % 5)}&status=all`;
      const server = startServer({
        DATABASE_URL: url,
        PORT: String(PORT),
        DEMO_DATA: '0',
        LOG_LEVEL: 'error',
        ADMIN_INITIAL_PASSWORD: 'Bench@2026-admin',
        WEB_DIST: '/nonexistent',
      });
      try {
        await waitFor(`http://127.0.0.1:${PORT}/api/health`, server);
        const base = `http://127.0.0.1:${PORT}`;
        // The list and the detail in turn, `rounds` times, medians kept: a p99 of a few
        // milliseconds moves by one or two with whatever else the machine does.
        const lists: Figures[] = [];
        const details: Figures[] = [];
        for (let r = 0; r < rounds; r++) {
          lists.push(await load(base, listPath, connections, duration));
          details.push(await load(base, (i) => `/api/hall/projects/${pick(i)}`, connections, duration));
        }
        results.push({ size, seedS, list: medianOf(lists), detail: medianOf(details) });
        console.log(`${size} projects (grown in ${seedS.toFixed(0)} s): measured`);
      } finally {
        await stop(server);
      }
    }
  } finally {
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(dbName);
  }
  const first = results[0]!;
  console.log(
    `\n${connections} connections, ${rounds} rounds of ${duration} s each (medians), PostgreSQL ${new URL(url).host}, load average ${loadavg()[0]!.toFixed(2)}\n`,
  );
  printTable(
    [
      'projects',
      'list req/s',
      'list p50 ms',
      'list p99 ms',
      'detail req/s',
      'detail p50 ms',
      'detail p99 ms',
      'errors',
      'p99 vs smallest (list, detail)',
    ],
    results.map((r) => [
      r.size,
      r.list.rps.toFixed(0),
      r.list.p50,
      r.list.p99,
      r.detail.rps.toFixed(0),
      r.detail.p50,
      r.detail.p99,
      r.list.errors + r.detail.errors,
      `${growth(r.list.p99, first.list.p99).toFixed(2)}x, ${growth(r.detail.p99, first.detail.p99).toFixed(2)}x`,
    ]),
  );
  for (const r of results)
    await recordFigures('scale', {
      projects: r.size,
      listRps: r.list.rps,
      listP99: r.list.p99,
      detailRps: r.detail.rps,
      detailP99: r.detail.p99,
      errors: r.list.errors + r.detail.errors,
    });
  const last = results.at(-1)!;
  const ratio = Math.max(growth(last.list.p99, first.list.p99), growth(last.detail.p99, first.detail.p99));
  const errors = results.some((r) => r.list.errors + r.detail.errors > 0);
  console.log(
    smokeRun
      ? '\nA smoke run: no target judged.'
      : ratio <= 1.5 && !errors
        ? `\nTarget met: at ${last.size} projects p99 is at most ${ratio.toFixed(2)}x that at ${first.size}.`
        : `\nNot met: p99 grows ${ratio.toFixed(2)}x from ${first.size} to ${last.size} projects${errors ? ', with errors' : ''}.`,
  );
  if (errors) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
