import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';

/**
 * The business clock, named once. Deadlines, windows and the times business records carry are
 * judged by the database (never a client's or an instance's clock), through the SQL function
 * `app_now()`: the database's time, plus an offset that only tests outside production move
 * (modules/clock). Sessions, codes and sign-in throttles keep the real `now()`.
 */
export const DB_NOW = sql`app_now()`;

/** The business clock's time, read in `db` (a transaction sees the time it started). */
export async function databaseNow(db: Db | Tx): Promise<Date> {
  const [clock] = await queryRows<{ now: Date | string }>(db, sql`select app_now() as now`);
  return new Date(clock!.now);
}

/** The business clock at this instant, not when the transaction began: a bid's submission time. */
export async function databaseInstant(db: Db | Tx): Promise<Date> {
  const [clock] = await queryRows<{ now: Date | string }>(db, sql`select app_clock_timestamp() as now`);
  return new Date(clock!.now);
}
