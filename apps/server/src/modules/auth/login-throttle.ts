import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { refused, tooMany } from '../../lib/errors.ts';
import { authRepository } from './auth.repository.ts';

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
      const row = await authRepository.throttleState(db, accountKey, SLOW_AFTER_FAILURES);
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
      await authRepository.recordFailure(db, accountKey, LOCK_AFTER_FAILURES, LOCK_MINUTES);
    },

    async recordSuccess(accountKey: string) {
      await authRepository.clearFailures(db, accountKey);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
