import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { DataDirLockedError, lockDataDirectory } from '../src/db/data-dir-lock.ts';

/**
 * One embedded database directory serves one process: a second server on it would acknowledge
 * writes that are lost. These cases run in the embedded pass of the suite; the PostgreSQL pass
 * checks that a server database takes no such lock, since any number of instances may share it.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const clientModule = fileURLToPath(new URL('../src/db/client.ts', import.meta.url));
const lockModule = fileURLToPath(new URL('../src/db/data-dir-lock.ts', import.meta.url));
/** The environment of a child on the embedded database, as `npm start` without DATABASE_URL. */
const embeddedEnv = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lvb-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase({ dataDir });
  let closed = false;
  const close = database.close;
  database.close = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  cleanups.push(() => database.close());
  return database;
}

const lockFileOf = (dataDir: string) => path.join(dataDir, 'pglite.lock');

async function refusal(dataDir: string): Promise<DataDirLockedError> {
  const err = await openDatabase({ dataDir }).then(
    async (database) => {
      await database.close();
      throw new Error('the second open was not refused');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataDirLockedError);
  return err as DataDirLockedError;
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

/**
 * A child process that opens the directory (or, quicker, only takes its lock), says so, and then
 * waits to be killed.
 */
async function childHolding(dataDir: string, only: 'database' | 'lock' = 'database'): Promise<ChildProcess> {
  const opening =
    only === 'database'
      ? `(await import(${JSON.stringify(clientModule)})).openDatabase({ dataDir: ${JSON.stringify(dataDir)} })`
      : `(await import(${JSON.stringify(lockModule)})).lockDataDirectory(${JSON.stringify(dataDir)}, ${JSON.stringify(path.join(dataDir, 'pglite'))})`;
  const code = `
    await ${opening};
    console.log('open');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    env: embeddedEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => kill(child, 'SIGKILL'));
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  while (!out.includes('open')) {
    if (child.exitCode !== null) throw new Error(`the holder exited with ${child.exitCode}`);
    await sleep(50);
  }
  return child;
}

async function killedHard(child: ChildProcess) {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(process.env.DATABASE_URL)('the embedded database directory serves one process', () => {
  it('refuses a second open of the same directory, naming DATA_DIR, and opens again after close', async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir);
    await first.migrate();

    const err = await refusal(dataDir);
    expect(err.message).toContain(`DATA_DIR ${dataDir} is in use`);
    expect(err.message).toContain(path.join(dataDir, 'pglite'));
    expect(err.message).toContain(`pid ${process.pid}`);
    expect(err.holderPid).toBe(process.pid);
    // The refusal left the holder's lock and database as they were.
    expect(await queryRows<{ n: number }>(first.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);

    await first.close();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    // The next holder finds what the first one wrote.
    const second = await open(dataDir);
    const [applied] = await queryRows<{ n: number }>(
      second.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied!.n).toBeGreaterThan(0);
  });

  it('refuses while another process holds the directory, and takes over after it was killed', async () => {
    const dataDir = tempDataDir();
    const holder = await childHolding(dataDir);

    const err = await refusal(dataDir);
    expect(err.message).toContain(`DATA_DIR ${dataDir}`);
    expect(err.message).toContain(`(pid ${holder.pid},`);
    expect(err.holderPid).toBe(holder.pid);

    await killedHard(holder);
    // SIGKILL runs no clean-up: the lock file is still there, and judged stale.
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    const next = await open(dataDir);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
    await next.close();
  });

  it('judges a lock by whether its holder still runs, not by its pid alone', async () => {
    const dataDir = tempDataDir();
    const databaseDir = path.join(dataDir, 'pglite');
    mkdirSync(databaseDir);
    const takeAndGiveBack = async () => (await lockDataDirectory(dataDir, databaseDir)).release();
    await killedHard(await childHolding(dataDir, 'lock'));
    const left = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as Record<string, unknown>;
    const leave = (changes: Record<string, unknown>) =>
      writeFileSync(lockFileOf(dataDir), JSON.stringify({ ...left, ...changes }));

    // Our own pid, not held by this process: a container restarted with the pid of its crash.
    leave({ pid: process.pid });
    await takeAndGiveBack();

    if (existsSync('/proc/self/stat')) {
      // A pid that runs again, but another process than the one that wrote the lock.
      const sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      cleanups.push(() => kill(sleeper, 'SIGKILL'));
      leave({ pid: sleeper.pid });
      await takeAndGiveBack();
      // The same process that wrote it: held.
      leave({
        pid: sleeper.pid,
        startTime: readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19],
      });
      await expect(lockDataDirectory(dataDir, databaseDir)).rejects.toThrow(`(pid ${sleeper.pid},`);
    }

    // A holder on another host cannot be checked from here: held, and the file to remove is named.
    leave({ host: 'another-host.invalid' });
    const err = await lockDataDirectory(dataDir, databaseDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(`on host another-host.invalid (pid ${String(left.pid)},`);
    expect((err as Error).message).toContain(`remove ${lockFileOf(dataDir)}`);

    // An empty lock file older than a write takes: the remnant of a crash during its creation.
    writeFileSync(lockFileOf(dataDir), '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFileOf(dataDir), old, old);
    await takeAndGiveBack();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});

/** `npm start` runs this (scripts/start.mjs), so two of them in one checkout do the same. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...embeddedEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: '0',
      ADMIN_INITIAL_PASSWORD: 'Admin@2026',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => kill(child, 'SIGKILL'));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function health(port: number): Promise<number | undefined> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
  } catch {
    return undefined;
  }
}

describe.skipIf(process.env.DATABASE_URL)('two servers on one DATA_DIR', () => {
  it('the second exits with a message naming DATA_DIR while the first keeps serving', async () => {
    const dataDir = tempDataDir();
    const [portA, portB] = [await freePort(), await freePort()];
    const first = startServer(dataDir, portA);
    const deadline = Date.now() + 90_000;
    while ((await health(portA)) !== 200) {
      if (first.child.exitCode !== null) throw new Error(`the first server exited:\n${first.output()}`);
      if (Date.now() > deadline) throw new Error(`the first server did not start:\n${first.output()}`);
      await sleep(200);
    }

    const second = startServer(dataDir, portB);
    const [code] = (await once(second.child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use`);
    expect(second.output()).toContain(`(pid ${first.child.pid},`);
    // The message alone, no stack trace.
    expect(second.output()).not.toMatch(/^\s+at /m);
    expect(await health(portB)).toBeUndefined();
    expect(await health(portA)).toBe(200);

    // A stop by signal closes the database and gives the directory up.
    const exited = once(first.child, 'exit');
    first.child.kill('SIGTERM');
    expect(((await exited) as [number | null])[0]).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL', () => {
  it('takes no lock on DATA_DIR: instances share one database', async () => {
    const dataDir = tempDataDir();
    const [a, b] = [
      await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir }),
      await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir }),
    ];
    cleanups.push(() => Promise.all([a.close(), b.close()]));
    for (const { db } of [a, b]) expect(await queryRows<{ n: number }>(db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});
