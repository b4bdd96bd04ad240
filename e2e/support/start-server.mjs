// Starts the real server for the end-to-end suite. On PostgreSQL (DATABASE_URL set) each run gets
// a database of its own, created here and dropped when the suite stops the server, so runs never
// see each other's registrations; on the embedded database the fresh DATA_DIR does the same.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateCaDemo } from '../../scripts/ca-demo.mjs';
import { buildServer, serverCommand } from '../../scripts/server-build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env };
let drop = async () => {};

if (process.env.DATABASE_URL) {
  const name = `lvb_e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Databases of earlier runs that were stopped too hard to clean up after themselves.
  const stale = await admin.query("select datname from pg_database where datname like 'lvb_e2e_%'");
  for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

// Certificate sign-in (DESIGN §9): the demo CA of `npm run ca:demo`, written beside the run's data
// and trusted by the server from its start (it reads CA_TRUST_FILE once, before the global setup
// runs); support/ca.ts tells the specs where the certificates are.
if (!env.CA_TRUST_FILE && env.DATA_DIR) {
  const demo = generateCaDemo(path.join(env.DATA_DIR, 'ca-demo'));
  env.CA_TRUST_FILE = demo.trustFile;
  env.CA_CRL_FILE = demo.crlFile;
}

// The server as `npm start` runs it: built into one file and run with plain Node.
buildServer();
const [command, args] = serverCommand();
const server = spawn(command, args, {
  cwd: root,
  env,
  stdio: 'inherit',
});
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
server.on('exit', async (code) => {
  await drop().catch((err) => console.error('could not drop the e2e database:', err.message));
  process.exit(code ?? 0);
});
