import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

// How the embedded database (PGlite) is created and started, for the server's memory's sake.

/**
 * The embedded server's buffer pool. PostgreSQL's default of 128 MB lives in PGlite's WebAssembly
 * memory, all of it touched at start, and would be most of the process's memory; the embedded
 * database is small, and its files are read through the operating system's page cache anyway.
 */
const PGLITE_SHARED_BUFFERS = '16MB';
export const pgliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/**
 * Creates the embedded cluster in `dir` unless it holds one, in a process of its own: PGlite's
 * initdb runs a second PostgreSQL instance beside a copy of its memory, of which the server's own
 * process would keep some 170 MB for good, even after a full garbage collection. The child writes
 * into a new directory beside `dir`, renamed to `dir` once complete: a start killed meanwhile
 * leaves no half-made cluster, and an initdb that outlives its killed server writes only into a
 * directory of its own, which the next start removes.
 */
export async function initialiseCluster(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (readdirSync(dir).length > 0) {
    throw new Error(`${dir} holds files but no database (it has no PG_VERSION): move them away and start again`);
  }
  const target = realpathSync(dir);
  const prefix = `${path.basename(target)}.initdb-`;
  for (const name of readdirSync(path.dirname(target))) {
    if (name.startsWith(prefix)) rmSync(path.join(path.dirname(target), name), { recursive: true, force: true });
  }
  const fresh = path.join(path.dirname(target), `${prefix}${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(fresh);
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, fresh], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0 || !existsSync(path.join(fresh, 'PG_VERSION'))) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`could not create the embedded database in ${dir}:\n${stderr.trim()}`);
  }
  rmdirSync(target);
  renameSync(fresh, target);
}
