import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { refused, tooMany } from '../../lib/errors.ts';
import { authRepository, type ThrottlePolicy } from './auth.repository.ts';

/**
 * An account: from the 3rd failure on each next attempt waits 2^(n-3) seconds; the 5th locks the
 * account for 15 minutes, for devices it has not signed in from (see `knownDevice`).
 */
export const ACCOUNT_POLICY: ThrottlePolicy = { slowAfter: 3, lockAfter: 5, lockMinutes: 15 };
/**
 * One address, whatever the accounts it tries: `failures` in 15 minutes lock it out for 15
 * minutes (SIGNIN_ADDRESS_FAILURES), which bounds guessing across many accounts.
 */
export const addressPolicy = (failures: number): ThrottlePolicy => ({
  slowAfter: failures,
  lockAfter: failures,
  lockMinutes: 15,
});
export const LOCK_AFTER_FAILURES = ACCOUNT_POLICY.lockAfter;
export const LOCK_MINUTES = ACCOUNT_POLICY.lockMinutes;

/**
 * Bounds password and code guessing. Each attempt is counted as a failure before its credentials
 * are checked, in one conditional statement that refuses when the key is locked or must wait:
 * however many attempts arrive at once, no more than the limit are ever evaluated. A success
 * clears the account's count. Counters live in the database (every instance, restarts) and are
 * judged by its clock; a count whose last failure is older than the lock time starts anew.
 */
export function createLoginThrottle(db: Db) {
  async function refusal(key: string, policy: ThrottlePolicy) {
    const state = await authRepository.throttleState(db, key, policy.slowAfter);
    if (state?.locked_for) {
      return refused(
        text(
          `too many failed sign-ins: the account is locked, try again in ${state.locked_for} minutes`,
          `登录失败次数过多，账号已锁定，请 ${state.locked_for} 分钟后再试`,
        ),
        423,
      );
    }
    const seconds = Math.max(1, Number(state?.wait_for ?? 1));
    return tooMany(
      text(`too many failed sign-ins, try again in ${seconds} seconds`, `登录失败次数过多，请 ${seconds} 秒后再试`),
    );
  }

  return {
    /** Claims one attempt for `key`, or throws 423 (locked) / 429 (wait) without evaluating it. */
    async claim(key: string, policy: ThrottlePolicy) {
      if (!(await authRepository.claimAttempt(db, key, policy))) throw await refusal(key, policy);
    },

    /** The attempt succeeded: the key's failures are forgiven. */
    async succeeded(key: string) {
      await authRepository.clearFailures(db, key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
