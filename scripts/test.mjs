// `npm test`: unit and API tests (Vitest), then browser end-to-end tests (Playwright, Debian's
// Chromium). Runs on PostgreSQL when DATABASE_URL is set, on the embedded PGlite otherwise.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const where = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : 'embedded PGlite';

const steps = [
  ['unit and API tests', ['test', '-w', 'apps/server']],
  ['end-to-end tests', ['test', '-w', 'e2e']],
];
const failed = [];
for (const [name, args] of steps) {
  console.log(`\n=== ${name} on ${where} ===`);
  const run = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')} (${where})`);
  process.exit(1);
}
console.log(`\nAll tests passed on ${where}.`);
