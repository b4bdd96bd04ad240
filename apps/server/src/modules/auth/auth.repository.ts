import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { loginFailures } from './auth.table.ts';

/** How many failures slow a key down, lock it, and for how long. */
export interface ThrottlePolicy {
  slowAfter: number;
  lockAfter: number;
  lockMinutes: number;
}

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

  /**
   * Counts one attempt as a failure unless the key is locked or still inside its wait, in one
   * statement (the row lock orders concurrent claims); true when the attempt may be evaluated.
   * A lock that has run out, or failures older than the lock time, start the count anew.
   */
  async claimAttempt(db: Db, key: string, p: ThrottlePolicy) {
    const rows = await queryRows<{ failures: number }>(
      db,
      sql`
      insert into login_failures as f (account_key, failures, last_failed_at, locked_until)
      values (${key}, 1, now(), case when 1 >= ${p.lockAfter} then now() + ${p.lockMinutes} * interval '1 minute' end)
      on conflict (account_key) do update set
        failures = case when f.locked_until <= now() or f.last_failed_at < now() - ${p.lockMinutes} * interval '1 minute'
          then 1 else f.failures + 1 end,
        last_failed_at = now(),
        locked_until = case
          when f.locked_until <= now() or f.last_failed_at < now() - ${p.lockMinutes} * interval '1 minute' then null
          when f.failures + 1 >= ${p.lockAfter} then now() + ${p.lockMinutes} * interval '1 minute'
          else f.locked_until end
      where not coalesce(f.locked_until > now(), false)
        and not (f.failures >= ${p.slowAfter}
          and f.last_failed_at >= now() - ${p.lockMinutes} * interval '1 minute'
          and f.last_failed_at + power(2, f.failures - ${p.slowAfter}) * interval '1 second' > now())
      returning failures`,
    );
    return rows.length > 0;
  },

  clearFailures: (db: Db, accountKey: string) =>
    db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey)),
};
