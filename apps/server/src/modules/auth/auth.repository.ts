import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { loginFailures } from './auth.table.ts';

/** The failed sign-in counters: the only place that touches their table. */
export const authRepository = {
  /** Minutes the account stays locked and seconds it must wait, judged by the database clock. */
  async throttleState(db: Db, accountKey: string, slowAfter: number) {
    const rows = await queryRows<{ locked_for: number | null; wait_for: number | null }>(
      db,
      sql`
      select
        case when locked_until > now() then ceil(extract(epoch from (locked_until - now())) / 60)::int end as locked_for,
        case when failures >= ${slowAfter}
          and last_failed_at + power(2, failures - ${slowAfter}) * interval '1 second' > now()
          then ceil(extract(epoch from (last_failed_at + power(2, failures - ${slowAfter}) * interval '1 second' - now())))::int
        end as wait_for
      from login_failures where account_key = ${accountKey}`,
    );
    return rows[0];
  },

  /** Counts a failure; a lock that has run out starts the count anew. */
  recordFailure: (db: Db, accountKey: string, lockAfter: number, lockMinutes: number) =>
    db.execute(sql`
      insert into login_failures (account_key, failures, last_failed_at)
      values (${accountKey}, 1, now())
      on conflict (account_key) do update set
        failures = case when login_failures.locked_until is not null and login_failures.locked_until <= now()
          then 1 else login_failures.failures + 1 end,
        last_failed_at = now(),
        locked_until = case
          when login_failures.locked_until is not null and login_failures.locked_until <= now() then null
          when login_failures.failures + 1 >= ${lockAfter} then now() + ${lockMinutes} * interval '1 minute'
          else login_failures.locked_until end`),

  clearFailures: (db: Db, accountKey: string) =>
    db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey)),
};
