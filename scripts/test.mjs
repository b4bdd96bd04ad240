// `npm test`: unit and API tests (Vitest), then browser end-to-end tests (Playwright, Debian's
// Chromium). The API suite runs on the embedded PGlite and, when DATABASE_URL names a PostgreSQL
// server, on that server too; the browser suite runs once, on PostgreSQL when DATABASE_URL is set
// (the database production uses), on PGlite otherwise.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const serverUrl = process.env.DATABASE_URL;
const postgres = serverUrl ? `PostgreSQL (${new URL(serverUrl).host})` : undefined;
const embedded = { ...process.env };
delete embedded.DATABASE_URL;

const steps = [
  ...(postgres ? [[`API tests on ${postgres}`, ['test', '-w', 'apps/server'], process.env]] : []),
  ['API tests on the embedded PGlite', ['test', '-w', 'apps/server'], embedded],
  ['web component tests', ['test', '-w', 'apps/web'], process.env],
  [`end-to-end tests on ${postgres ?? 'the embedded PGlite'}`, ['test', '-w', 'e2e'], process.env],
];
/** `4m 12s`, `38s`: a step's wall time as CI's log shows it. */
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
};

const failed = [];
const timings = [];
const started = Date.now();
for (const [name, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const run = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env });
  const ok = run.status === 0;
  const took = duration(Date.now() - stepStarted);
  timings.push({ name, ok, took });
  console.log(`=== ${name} ${ok ? 'done' : 'FAILED'} in ${took} ===`);
  if (!ok) failed.push(name);
}
console.log('\nSteps:');
const width = Math.max(...timings.map((t) => t.name.length));
for (const t of timings) console.log(`  ${t.ok ? 'ok    ' : 'FAILED'}  ${t.name.padEnd(width)}  ${t.took.padStart(7)}`);
console.log(`  ${'total'.padEnd(6)}  ${''.padEnd(width)}  ${duration(Date.now() - started).padStart(7)}`);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
