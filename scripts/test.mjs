// `npm test`: unit and API tests (Vitest), then browser end-to-end tests (Playwright, Debian's
// Chromium). The API suite runs on the embedded PGlite and, when DATABASE_URL names a PostgreSQL
// server, on that server too; the browser suite runs once, on PostgreSQL when DATABASE_URL is set
// (the database production uses), on PGlite otherwise.
//
// On two cores the steps are paired so that one's waits (the API suite on PostgreSQL waits for the
// database server, the browser suite for pages and the scheduler) leave room for the other: the
// web's component tests run beside the first, the API suite on PGlite beside the second, followed
// (with a PostgreSQL server) by every bench once at a tiny size, so that none rots. Each output is
// printed whole when its step ends.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const serverUrl = process.env.DATABASE_URL;
const postgres = serverUrl ? `PostgreSQL (${new URL(serverUrl).host})` : undefined;
const embedded = { ...process.env };
delete embedded.DATABASE_URL;

const step = (name, args, env) => ({ name, args, env });
const web = step('web component tests', ['test', '-w', 'apps/web'], process.env);
const pglite = step('API tests on the embedded PGlite', ['test', '-w', 'apps/server'], embedded);
const benches = step('every bench once at a tiny size', ['run', 'bench:smoke', '-w', 'bench'], process.env);
/** Groups run one after another; the lanes of a group run at once, each lane's steps in turn. */
const groups = [
  postgres ? [[step(`API tests on ${postgres}`, ['test', '-w', 'apps/server'], process.env)], [web]] : [[web]],
  [
    [step(`end-to-end tests on ${postgres ?? 'the embedded PGlite'}`, ['test', '-w', 'e2e'], process.env)],
    postgres ? [pglite, benches] : [pglite],
  ],
];

/** `4m 12s`, `38s`: a step's wall time as CI's log shows it. */
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
};

/** Runs a step; alone, its output streams; beside others, it is kept and printed when it ends. */
function run({ name, args, env }, alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${name} ===`);
  else console.log(`\n=== ${name} (started; its output follows when it ends) ===`);
  return new Promise((resolve) => {
    const child = spawn(npm, args, { cwd: root, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!alone) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code) => {
      const ok = code === 0;
      const took = duration(Date.now() - started);
      if (!alone) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`=== ${name} ${ok ? 'done' : 'FAILED'} in ${took} ===`);
      resolve({ name, ok, took });
    });
  });
}

const timings = [];
const started = Date.now();
const runLane = async (lane, alone) => {
  const done = [];
  for (const s of lane) done.push(await run(s, alone));
  return done;
};
for (const group of groups)
  timings.push(...(await Promise.all(group.map((lane) => runLane(lane, group.length === 1)))).flat());
console.log('\nSteps:');
const width = Math.max(...timings.map((t) => t.name.length));
for (const t of timings) console.log(`  ${t.ok ? 'ok    ' : 'FAILED'}  ${t.name.padEnd(width)}  ${t.took.padStart(7)}`);
console.log(`  ${'total'.padEnd(6)}  ${''.padEnd(width)}  ${duration(Date.now() - started).padStart(7)}`);
const failed = timings.filter((t) => !t.ok).map((t) => t.name);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
