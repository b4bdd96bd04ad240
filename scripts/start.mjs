// `npm start`: builds the web app when it has not been built and the server (one JavaScript file,
// scripts/server-build.mjs), then runs the server with plain Node; it migrates the database and
// seeds it on first start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer, serverCommand } from './server-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('Building the web app (first start)...');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Built at every start (under a second), so the server never runs older code than the checkout's.
try {
  buildServer();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const [command, args] = serverCommand();
const server = spawn(command, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
