/**
 * Every bench once at a tiny size (`npm run bench:smoke -w bench`, run by `npm test` when a
 * PostgreSQL server is named): so that none rots. Correctness checks still hold (every receipt
 * reconciled, the ceiling answering what the server answers); no timing is asserted and nothing
 * is written to docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { root } from './processes.ts';

const benches: [string, Record<string, string>][] = [
  ['bench', { BENCH_PROJECTS: '300', BENCH_SECONDS: '1', BENCH_CONNECTIONS: '2', BENCH_DATABASE: 'lvb_smoke_hall' }],
  ['bench:bids', { BENCH_SUPPLIERS: '3', BENCH_SECONDS: '1', BENCH_BIDS_DATABASE: 'lvb_smoke_bids' }],
  [
    'bench:burst',
    {
      BENCH_BIDS: '60',
      BENCH_SUPPLIERS: '12',
      BENCH_SECONDS: '3',
      BENCH_WARM_SECONDS: '1',
      BENCH_BURST_DATABASE: 'lvb_smoke_burst',
    },
  ],
  [
    'bench:burst',
    {
      BENCH_BIDS: '60',
      BENCH_SUPPLIERS: '12',
      BENCH_SECONDS: '3',
      BENCH_FAULT: '1',
      BENCH_WARM_SECONDS: '1',
      BENCH_FAULT_SECONDS: '1',
      BENCH_BURST_DATABASE: 'lvb_smoke_burst_fault',
    },
  ],
  [
    'bench:scale',
    {
      BENCH_SIZES: '200,400',
      BENCH_SECONDS: '1',
      BENCH_ROUNDS: '1',
      BENCH_CONNECTIONS: '2',
      BENCH_SCALE_DATABASE: 'lvb_smoke_scale',
    },
  ],
  ['bench:export', { BENCH_EXPORT_ROWS: '2500', BENCH_EXPORT_DATABASE: 'lvb_smoke_export' }],
  ['bench:files', { BENCH_FILES_CLIENTS: '2', BENCH_FILES_EACH: '1', BENCH_FILES_DATABASE: 'lvb_smoke_files' }],
  ['bench:memory', { BENCH_MEMORY_ROUNDS: '1' }],
  ['bench:web', { BENCH_WEB_ROUNDS: '1' }],
];

const failed: string[] = [];
for (const [script, env] of benches) {
  const started = Date.now();
  console.log(
    `\n--- ${script} ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const run = spawnSync('npm', ['run', script, '-w', 'bench'], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_SMOKE: '1' },
    stdio: 'inherit',
  });
  const ok = run.status === 0;
  console.log(`--- ${script}: ${ok ? 'ran' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (!ok) failed.push(script);
}
if (failed.length) {
  console.error(`\nBenches that failed at a tiny size: ${failed.join(', ')}`);
  process.exit(1);
}
