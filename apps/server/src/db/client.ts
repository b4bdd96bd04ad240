import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDirectory, type DataDirLock } from './data-dir-lock.ts';
import { initialiseCluster, pgliteOptions } from './embedded-cluster.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The query interface both drivers share; code never depends on which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * For the few hot statements prepared once and run all day (the public hall): its sessions use
   * the statement's generic plan from the first run. PostgreSQL otherwise keeps planning such a
   * statement anew on every run, because it cannot cost a `LIMIT $n` and so judges the generic
   * plan dear; planning then costs more than running. Only statements written for one plan (bound
   * by equality and patterns, no skew a value would change the plan for) belong here.
   */
  planOnceDb: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the versioned migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** The embedded database's data directory as an image (`openDatabase({ image })`); PGlite only. */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * When the database server ends a session (restart, failover, an operator), the process stays
 * up and the pool heals:
 * - a network error on an idle client is ignored; the pool drops the client;
 * - one on a client a request holds (an open transaction) is ignored too: the request's next
 *   statement fails and the request answers 503;
 * - a held client whose connection broke goes back to the pool as broken, at once and exactly
 *   once. Drizzle's transaction releases its client only after a successful `begin`, so a `begin`
 *   that fails on a dead connection would otherwise keep the client checked out for ever, and ten
 *   such requests would leave the pool with nothing to give.
 */
function survivesLostConnections(pool: pg.Pool) {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const original = pool.connect as (this: pg.Pool, callback?: unknown) => Promise<pg.PoolClient> | undefined;
  const connect = () => original.call(pool) as Promise<pg.PoolClient>;
  const guarded = async () => {
    const client = await connect();
    const release = client.release;
    let released = false;
    const releaseOnce = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', broken);
      client.removeListener('end', broken);
      release(err);
    };
    function broken(err?: Error) {
      releaseOnce(err ?? new Error('connection ended'));
    }
    client.on('error', broken);
    client.on('end', broken);
    client.release = releaseOnce;
    return client;
  };
  // Callers that pass a callback (none of ours, the pool's own internals) keep the original path.
  pool.connect = ((callback?: unknown) =>
    callback ? original.call(pool, callback) : guarded()) as typeof pool.connect;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir/pglite`
 * (`memory://` keeps it in memory, for tests). The embedded directory serves one process: a
 * second open, in this process or another, throws DataDirLockedError.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** An in-memory database starts from this image of a data directory (tests: migrated once). */
  image?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // No JIT: every statement here is a short one, and a generic plan's estimate (a LIMIT given as
    // a parameter counts a tenth of the table) passes JIT's cost threshold on a large table, so
    // each execution compiled for 30–60 ms what runs in one (the hall at a million projects).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    const planOncePool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 6,
      // Times written into JSON by these sessions are in UTC, whatever the server's own zone.
      options: '-c plan_cache_mode=force_generic_plan -c TimeZone=UTC -c jit=off',
    });
    for (const p of [pool, planOncePool]) survivesLostConnections(p);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      planOnceDb: drizzlePg({ client: planOncePool, schema }) as unknown as Db,
      kind: 'postgres',
      async migrate() {
        // One instance migrates at a time; the others wait and then find nothing to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
          client.release();
        }
      },
      close: () => Promise.all([pool.end(), planOncePool.end()]).then(() => undefined),
    };
  }
  let dir = 'memory://';
  let lock: DataDirLock | undefined;
  if (!opts.memory) {
    const dataDir = path.resolve(opts.dataDir ?? './data');
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Before PGlite reads a byte: a second process on the directory would lose acknowledged writes.
    lock = await lockDataDirectory(dataDir, dir);
  }
  let client: PGlite;
  try {
    if (!opts.memory) await initialiseCluster(dir);
    client = await PGlite.create(dir, opts.image ? { ...pgliteOptions, loadDataDir: opts.image } : pgliteOptions);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    // One embedded session serves everything; its plans matter little at its scale.
    planOnceDb: db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    /** The data directory as an image another in-memory database can start from. */
    image: () => client.dumpDataDir('none'),
    close: () => client.close().finally(() => lock?.release()),
  };
}

/**
 * True for a failure of the connection to the database rather than of the statement: the server
 * ended the session (SQLSTATE class 57P: shutdown, admin command, crash), the connection broke or
 * could not be made (class 08, socket errors), or the server is out of connections (53300).
 * Such a request may be retried as it is.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(57P0[1-3]|08\w{3}|53300)$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|not queryable|connection (is )?closed|timeout exceeded when trying to connect/i.test(
        message,
      )
    ) {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs a raw statement and returns its rows; both drivers answer `{rows}`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
