import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../src/db/client.ts';
import type { TestApp } from './test-app.ts';

/** The name of a test app's own database. */
export async function databaseName(t: TestApp): Promise<string> {
  const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
  return row!.name;
}

/**
 * Ends every session on the PostgreSQL database `name` but this one, as a server restart, a
 * failover or an operator would; answers how many it ended.
 */
export async function cutEverySession(name: string): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  await admin.end();
  return rows[0].n as number;
}
