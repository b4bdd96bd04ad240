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

  /**
   * The address counter (`addr:<ip>`, see login-throttle.ts): admits one attempt unless the address
   * is locked or its count (failures plus attempts still being evaluated) has reached the limit,
   * counting it in the same statement. Unlike `claimAttempt` it does not move `last_failed_at`:
   * an attempt that turns out right is given back (`releaseAddress`), and must not keep the
   * address's failures from running out. A lock that ran out, or failures older than the lock
   * time, start the count anew (then `last_failed_at` marks its start).
   */
  async claimAddress(db: Db, key: string, p: ThrottlePolicy) {
    const stale = sql`(f.locked_until <= now() or f.last_failed_at < now() - ${p.lockMinutes} * interval '1 minute')`;
    const rows = await queryRows<{ failures: number }>(
      db,
      sql`
      insert into login_failures as f (account_key, failures, last_failed_at, locked_until)
      values (${key}, 1, now(), null)
      on conflict (account_key) do update set
        failures = case when ${stale} then 1 else f.failures + 1 end,
        last_failed_at = case when ${stale} then now() else f.last_failed_at end,
        locked_until = case when ${stale} then null else f.locked_until end
      where not coalesce(f.locked_until > now(), false)
        and (${stale} or f.failures < ${p.lockAfter})
      returning failures`,
    );
    return rows.length > 0;
  },

  /**
   * An attempt claimed on the address had wrong credentials: it stays counted, its time is the
   * address's last failure, and the address is locked once the count reaches the limit.
   */
  addressFailed: (db: Db, key: string, p: ThrottlePolicy) =>
    db.execute(sql`
      update login_failures set last_failed_at = now(),
        locked_until = case
          when locked_until > now() then locked_until
          when failures >= ${p.lockAfter} then now() + ${p.lockMinutes} * interval '1 minute'
        end
      where account_key = ${key}`),

  /**
   * An attempt claimed on the address was not a failure (right credentials, or refused before it
   * was evaluated): the claim is given back. A lock set while it was still counted is lifted when
   * the count falls below the limit: only failures lock an address.
   */
  releaseAddress: (db: Db, key: string, p: ThrottlePolicy) =>
    db.execute(sql`
      update login_failures set failures = greatest(failures - 1, 0),
        locked_until = case when failures - 1 < ${p.lockAfter} then null else locked_until end
      where account_key = ${key}`),

  /** Minutes the address stays locked, when it is (judged by the database clock). */
  async addressLockedFor(db: Db, key: string) {
    const rows = await queryRows<{ locked_for: number | null }>(
      db,
      sql`
      select case when locked_until > now() then ceil(extract(epoch from (locked_until - now())) / 60)::int end as locked_for
      from login_failures where account_key = ${key}`,
    );
    return rows[0]?.locked_for ?? null;
  },

  clearFailures: (db: Db, accountKey: string) =>
    db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey)),
};
