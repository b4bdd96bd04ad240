import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { refused, tooMany } from '../../lib/errors.ts';
import { loginFailures } from './auth.table.ts';

/** From this many failures on, each next attempt must wait 2^(n-SLOW_AFTER) seconds. */
export const SLOW_AFTER_FAILURES = 3;
/** This many failures lock the account for LOCK_MINUTES. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;

/**
 * Slows down and then locks repeated failed sign-ins per account identifier. Counters live in
 * the database, so they hold across restarts and instances; times come from the database clock.
 */
export function createLoginThrottle(db: Db) {
  return {
    async check(accountKey: string) {
      const result = await queryRows<{ locked_for: number | null; wait_for: number | null }>(
        db,
        sql`
        select
          case when locked_until > now() then ceil(extract(epoch from (locked_until - now())) / 60)::int end as locked_for,
          case when failures >= ${SLOW_AFTER_FAILURES}
            and last_failed_at + power(2, failures - ${SLOW_AFTER_FAILURES}) * interval '1 second' > now()
            then ceil(extract(epoch from (last_failed_at + power(2, failures - ${SLOW_AFTER_FAILURES}) * interval '1 second' - now())))::int
          end as wait_for
        from login_failures where account_key = ${accountKey}`,
      );
      const row = result[0];
      if (!row) return;
      if (row.locked_for !== null && row.locked_for !== undefined) {
        throw refused(
          text(
            `too many failed sign-ins: the account is locked, try again in ${row.locked_for} minutes`,
            `登录失败次数过多，账号已锁定，请 ${row.locked_for} 分钟后再试`,
          ),
          423,
        );
      }
      if (row.wait_for !== null && row.wait_for !== undefined) {
        const seconds = Math.max(1, Number(row.wait_for));
        throw tooMany(
          text(`too many failed sign-ins, try again in ${seconds} seconds`, `登录失败次数过多，请 ${seconds} 秒后再试`),
        );
      }
    },

    async recordFailure(accountKey: string) {
      await db.execute(sql`
        insert into login_failures (account_key, failures, last_failed_at)
        values (${accountKey}, 1, now())
        on conflict (account_key) do update set
          failures = case when login_failures.locked_until is not null and login_failures.locked_until <= now()
            then 1 else login_failures.failures + 1 end,
          last_failed_at = now(),
          locked_until = case
            when login_failures.locked_until is not null and login_failures.locked_until <= now() then null
            when login_failures.failures + 1 >= ${LOCK_AFTER_FAILURES} then now() + ${LOCK_MINUTES} * interval '1 minute'
            else login_failures.locked_until end`);
    },

    async recordSuccess(accountKey: string) {
      await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
