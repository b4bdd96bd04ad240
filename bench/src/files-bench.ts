/**
 * Files benchmark (issue 24): against the real server, 20 clients at once upload 5 MB PDFs, then
 * download them again (each download's SHA-256 checked against its upload); prints the throughput
 * of each phase, its latency, and the server's resident memory at rest and at its peak during the
 * phase (the kernel's high-water mark, reset before each phase). Runs on PostgreSQL and on the
 * embedded PGlite.
 *
 *   npm run bench:files -w bench    (BENCH_FILES_CLIENTS=20, BENCH_FILES_EACH=3 files a client,
 *                                    BENCH_FILES_DATABASES=postgres,pglite; DATABASE_URL or
 *                                    BENCH_DATABASE_SERVER: the PostgreSQL server to use)
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { dropDatabase, freshDatabase } from './databases.ts';
import { memoryOf, resetPeak, startServer, waitFor } from './processes.ts';
import { BENCH_ADMIN_PASSWORD, signInAdmin } from './sign-in.ts';

// The embedded run must not inherit a server URL (databases.ts has read it already).
delete process.env.DATABASE_URL;
const dbName = process.env.BENCH_FILES_DATABASE ?? 'lvb_bench_files';
const clients = Number(process.env.BENCH_FILES_CLIENTS ?? 20);
const each = Number(process.env.BENCH_FILES_EACH ?? 3);
const databases = (process.env.BENCH_FILES_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const FILE_BYTES = 5 * 1024 * 1024;
const PORT = 18194;
const base = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

/** A 5 MB PDF: the header the content check reads, then random bytes. */
function pdf(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(FILE_BYTES);
  bytes.set(randomBytes(FILE_BYTES));
  bytes.set(Buffer.from('%PDF-1.4\n'));
  return bytes;
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Phase {
  files: number;
  seconds: number;
  latencies: number[];
  errors: number;
  rest: number;
  peak: number;
}

/** Runs `clients` workers of `each` calls at once while watching the server's memory. */
async function phase(pid: number, call: (client: number, i: number) => Promise<boolean>): Promise<Phase> {
  const rest = (await memoryOf(pid)).rss;
  await resetPeak(pid);
  const latencies: number[] = [];
  let errors = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < each; i++) {
        const sent = performance.now();
        if (await call(client, i)) latencies.push(performance.now() - sent);
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return { files: latencies.length, seconds, latencies, errors, rest, peak: (await memoryOf(pid)).peak };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(kind: string): Promise<[string, Phase][]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lvb-bench-files-'));
  const env: Record<string, string> = {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    LOG_LEVEL: 'error',
    CAPTCHA_ENABLED: 'false',
    ADMIN_INITIAL_PASSWORD: BENCH_ADMIN_PASSWORD,
    WEB_DIST: '/nonexistent',
  };
  // A new, empty database each run: the figures are of this scene only.
  if (kind === 'postgres') env.DATABASE_URL = await freshDatabase(dbName);
  const server: ChildProcess = startServer(env);
  try {
    await waitFor(`${base}/api/health`);
    const pid = server.pid!;
    const token = await signInAdmin(base);
    const auth = { authorization: `Bearer ${token}` };
    const contents = Array.from({ length: clients }, pdf);
    const hashes = contents.map(sha256);
    const names: string[][] = Array.from({ length: clients }, () => []);

    const upload = async (client: number) => {
      const form = new FormData();
      form.append('file', new Blob([contents[client]!], { type: 'application/pdf' }), `proposal-${client}.pdf`);
      const res = await fetch(`${base}/common/upload`, { method: 'POST', headers: auth, body: form });
      const body = (await res.json()) as { code: number; fileName?: string };
      if (body.code !== 200 || !body.fileName) return false;
      names[client]!.push(body.fileName);
      return true;
    };
    const download = async (client: number, i: number) => {
      const name = names[client]![i];
      if (!name) return false;
      const res = await fetch(`${base}/common/download?fileName=${name}`, { headers: auth });
      if (res.status !== 200) return false;
      return sha256(new Uint8Array(await res.arrayBuffer())) === hashes[client];
    };
    // Warm-up: the first call of each kind compiles and connects.
    await upload(0);
    await download(0, 0);
    names[0]!.length = 0;

    const uploads = await phase(pid, upload);
    const downloads = await phase(pid, download);
    return [
      ['upload', uploads],
      ['download', downloads],
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await dropDatabase(dbName);
  }
}

async function main() {
  const loadBefore = loadavg()[0]!.toFixed(2);
  const rows: [string, string, Phase][] = [];
  for (const kind of databases) for (const [name, figures] of await run(kind)) rows.push([kind, name, figures]);
  console.log(
    `\n${clients} clients at once, ${each} files of 5 MB each, load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after\n`,
  );
  console.log(
    '| database | phase | files | MB/s | files/s | p50 ms | p99 ms | errors | RSS at rest MB | peak RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [kind, name, f] of rows) {
    console.log(
      `| ${kind} | ${name} | ${f.files} | ${((f.files * FILE_BYTES) / MB / f.seconds).toFixed(1)} | ${(f.files / f.seconds).toFixed(1)} | ${percentile(f.latencies, 0.5).toFixed(0)} | ${percentile(f.latencies, 0.99).toFixed(0)} | ${f.errors} | ${f.rest.toFixed(0)} | ${f.peak.toFixed(0)} |`,
    );
  }
  if (rows.some(([, , f]) => f.errors > 0)) throw new Error('some uploads or downloads failed or came back different');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
