/** The PostgreSQL server the benchmarks use, and databases of their own on it. */
import pg from 'pg';

/** `BENCH_DATABASE_SERVER`, else `DATABASE_URL`, else the local server's `postgres` database. */
export const databaseServer =
  process.env.BENCH_DATABASE_SERVER ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseServer, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server. */
export function databaseUrl(name: string): string {
  const url = new URL(databaseServer);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Database `name`, created unless it exists (a bench that keeps its data between runs). */
export async function ensureDatabase(name: string): Promise<string> {
  await onServer(async (c) => {
    const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await c.query(`create database ${name}`);
  });
  return databaseUrl(name);
}

/** A new, empty database `name`: the figures are of this run only. */
export async function freshDatabase(name: string): Promise<string> {
  await onServer(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
}

/** True when the server answers. */
export async function databaseReachable(): Promise<boolean> {
  try {
    await onServer((c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}
