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
 * One address, whatever the accounts it tries: `failures` failed sign-ins within 15 minutes lock
 * it out for 15 minutes (SIGNIN_ADDRESS_FAILURES), which bounds guessing across many accounts.
 * Successful sign-ins do not count: one office behind one NAT address signs in all day.
 */
export const addressPolicy = (failures: number): ThrottlePolicy => ({
  slowAfter: failures,
  lockAfter: failures,
  lockMinutes: 15,
});
export const LOCK_AFTER_FAILURES = ACCOUNT_POLICY.lockAfter;
export const LOCK_MINUTES = ACCOUNT_POLICY.lockMinutes;

/**
 * Bounds password and code guessing. Counters live in the database (every instance, restarts)
 * and are judged by its clock; a count whose last failure is older than the lock time starts anew.
 *
 * An account (or a known device of it): each attempt is counted as a failure before its
 * credentials are checked, in one conditional statement that refuses when the key is locked or
 * must wait; a success clears the count.
 *
 * An address: only failures may count, yet the bound must hold however many attempts arrive at
 * once. So each attempt is still claimed before it is evaluated, in one conditional statement
 * that refuses once failures plus attempts in flight reach the limit; then the claim is either
 * kept (`addressFailed`: wrong credentials) or given back (`releaseAddress`: right credentials,
 * or refused before evaluation). At any moment failures + claims in flight ≤ the limit, so no
 * more than the limit of guesses is ever evaluated, and a success costs the address nothing once
 * it has answered. A claim lost to a crash counts as a failure until the count runs out.
 */
export function createLoginThrottle(db: Db) {
  async function accountRefusal(key: string, policy: ThrottlePolicy) {
    const state = await authRepository.throttleState(db, key, policy.slowAfter);
    if (state?.locked_for) {
      return refused(
        text(
          `too many failed sign-ins to this account: it is locked, try again in ${state.locked_for} minutes`,
          `该账号登录失败次数过多，已锁定，请 ${state.locked_for} 分钟后再试`,
        ),
        423,
      );
    }
    const seconds = Math.max(1, Number(state?.wait_for ?? 1));
    return tooMany(
      text(
        `too many failed sign-ins to this account, try again in ${seconds} seconds`,
        `该账号登录失败次数过多，请 ${seconds} 秒后再试`,
      ),
    );
  }

  async function addressRefusal(key: string) {
    const minutes = await authRepository.addressLockedFor(db, key);
    if (minutes) {
      return refused(
        text(
          `too many failed sign-ins from your network (address ${key.slice('addr:'.length)}): sign-in from it is paused, try again in ${minutes} minutes`,
          `您所在网络（地址 ${key.slice('addr:'.length)}）登录失败次数过多，已暂停从该地址登录，请 ${minutes} 分钟后再试`,
        ),
        423,
      );
    }
    // Not locked: the failures so far and the attempts being checked right now fill the limit.
    return tooMany(
      text(
        'too many sign-ins from your network at once, try again in a few seconds',
        '您所在网络同时登录的请求过多，请几秒后再试',
      ),
    );
  }

  return {
    /** Claims one attempt for an account `key`, or throws 423 (locked) / 429 (wait) without evaluating it. */
    async claim(key: string, policy: ThrottlePolicy) {
      if (!(await authRepository.claimAttempt(db, key, policy))) throw await accountRefusal(key, policy);
    },

    /** The attempt succeeded: the account key's failures are forgiven. */
    async succeeded(key: string) {
      await authRepository.clearFailures(db, key);
    },

    /** The address `ip`'s side of an attempt: claimed before, then either failed or released. */
    address(ip: string, policy: ThrottlePolicy) {
      const key = `addr:${ip}`;
      return {
        /** Claims a place for one attempt, or throws 423 (locked) / 429 (full) without evaluating it. */
        async claim() {
          if (!(await authRepository.claimAddress(db, key, policy))) throw await addressRefusal(key);
        },
        /** The attempt's credentials were wrong: its claim stays a failure. */
        failed: () => authRepository.addressFailed(db, key, policy),
        /** The attempt was not a failure: its claim is given back. */
        released: () => authRepository.releaseAddress(db, key, policy),
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
