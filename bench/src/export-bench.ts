/**
 * Export (issue "queries, statistics, dashboards"): the administrator exports every project of a
 * database of 100,000 to Excel through the real server, as the project query page does. Prints
 * rows a second and the server's resident memory at rest and at its peak during the export (the
 * kernel's high-water mark, reset before); then reads the workbook back and checks that it holds
 * every project once, in the list's order. Target: peak under 300 MB.
 *
 *   npm run bench:export -w bench   (BENCH_EXPORT_ROWS=100000, DATABASE_URL or BENCH_DATABASE_SERVER)
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { dropDatabase, freshDatabase } from './databases.ts';
import { memoryOf, resetPeak, startServer, stop, waitFor } from './processes.ts';
import { printTable, recordFigures, smokeRun } from './report.ts';
import { seedBenchProjects } from './seed-projects.ts';
import { BENCH_ADMIN_PASSWORD, signInAdmin } from './sign-in.ts';

const dbName = process.env.BENCH_EXPORT_DATABASE ?? 'lvb_bench_export';
const target = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const PORT = 18196;
const base = `http://127.0.0.1:${PORT}`;
const PEAK_BUDGET_MB = 300;

/** The codes of the rows of the workbook's first sheet below its header, read as a stream. */
async function codesIn(file: string): Promise<string[]> {
  const codes: string[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number === 1) continue;
      codes.push(String((row.values as unknown[])[1]));
    }
  }
  return codes;
}

async function main() {
  const url = await freshDatabase(dbName);
  const dir = await mkdtemp(path.join(tmpdir(), 'lvb-bench-export-'));
  try {
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    await seedBenchProjects(database, target);
    // The list's own order (projects.repository: latest change first, then id).
    const expected = (
      await queryRows<{ code: string }>(database.db, sql`select code from projects order by updated_at desc, id desc`)
    ).map((r) => r.code);
    await database.close();

    const server = startServer({
      DATABASE_URL: url,
      PORT: String(PORT),
      DEMO_DATA: '0',
      LOG_LEVEL: 'error',
      CAPTCHA_ENABLED: 'false',
      ADMIN_INITIAL_PASSWORD: BENCH_ADMIN_PASSWORD,
      WEB_DIST: '/nonexistent',
    });
    try {
      await waitFor(`${base}/api/health`, server);
      const pid = server.pid!;
      const token = await signInAdmin(base);
      const headers = { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' };
      // A first, small export loads the spreadsheet library, as any running server has done.
      await (await fetch(`${base}/api/projects/export?keyword=nothing-like-this`, { headers })).arrayBuffer();
      const rest = (await memoryOf(pid)).rss;
      await resetPeak(pid);
      const file = path.join(dir, 'projects.xlsx');
      const began = performance.now();
      const res = await fetch(`${base}/api/projects/export`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(file));
      const seconds = (performance.now() - began) / 1000;
      const { peak } = await memoryOf(pid);
      const size = (await stat(file)).size / 1024 / 1024;

      const codes = await codesIn(file);
      const sameOrder = codes.length === expected.length && codes.every((c, i) => c === expected[i]);
      const met = peak < PEAK_BUDGET_MB && sameOrder;
      console.log(`\nPostgreSQL ${new URL(url).host}, load average ${loadavg()[0]!.toFixed(2)}\n`);
      printTable(
        [
          'rows',
          'seconds',
          'rows/s',
          'file MB',
          'RSS at rest MB',
          'peak RSS MB',
          'every row once, in order',
          'target met',
        ],
        [
          [
            codes.length,
            seconds.toFixed(1),
            (codes.length / seconds).toFixed(0),
            size.toFixed(1),
            rest.toFixed(0),
            peak.toFixed(0),
            sameOrder ? 'yes' : 'no',
            smokeRun ? 'not judged' : met ? 'yes' : 'no',
          ],
        ],
      );
      await recordFigures('export', {
        rows: codes.length,
        seconds: Number(seconds.toFixed(1)),
        rowsPerSecond: Math.round(codes.length / seconds),
        fileMB: Number(size.toFixed(1)),
        restMB: Math.round(rest),
        peakMB: Math.round(peak),
        complete: sameOrder ? 'yes' : 'no',
      });
      if (!sameOrder) {
        const at = codes.findIndex((c, i) => c !== expected[i]);
        throw new Error(
          `the workbook holds ${codes.length} rows where the list has ${expected.length}; first difference at row ${at + 2}`,
        );
      }
      if (!smokeRun && !met) process.exitCode = 1;
    } finally {
      await stop(server);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
