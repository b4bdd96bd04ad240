import { ACCOUNT_POLICY, createLoginThrottle } from '../auth/login-throttle.ts';
import type { Db, Tx } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/secrets.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { accountsRepository } from './accounts.repository.ts';

type NewAccount = Parameters<typeof accountsRepository.insert>[1];
type AccountChanges = Parameters<typeof accountsRepository.update>[2];

/**
 * The one writer of accounts and their role grants. Every change that can alter what a signed-in
 * user is or may do ends the sessions it must end and refreshes the signed-in users it touches.
 */
export function createAccountsService({ db, sessions }: { db: Db; sessions: SessionService }) {
  return {
    /** Creates an account with its roles; inside `tx` when it is part of a larger write. */
    async create(fields: NewAccount, roleIds: number[], tx?: Tx) {
      return accountsRepository.insert(tx ?? db, fields, roleIds);
    },

    /** Saves an account and, when given, replaces its roles; a disabled account's sessions end. */
    async update(id: number, fields: AccountChanges, roleIds?: number[]) {
      await db.transaction((tx) => accountsRepository.update(tx, id, fields, roleIds));
      if (fields.status !== undefined && fields.status !== '0') await sessions.revokeAllForUser(id);
      else await sessions.changed();
    },

    setStatus: (id: number, status: string) =>
      accountsRepository
        .update(db, id, { status })
        .then(() => (status !== '0' ? sessions.revokeAllForUser(id) : sessions.changed())),

    /** Sets a new password; every session of the account ends. */
    async setPassword(id: number, password: string) {
      await accountsRepository.setPassword(db, id, await hashPassword(password));
      await sessions.revokeAllForUser(id);
    },

    /** Changes one's own password after checking the current one. */
    /**
     * The current password is guessed no more freely than at sign-in (a stolen session must not
     * become a way to learn the password): each try is claimed before it is checked.
     */
    async changeOwnPassword(id: number, oldPassword: string, newPassword: string) {
      const throttle = createLoginThrottle(db);
      const key = `pwd:${id}`;
      await throttle.claim(key, ACCOUNT_POLICY);
      const row = await accountsRepository.findById(db, id);
      if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) {
        throw badRequest(text('the current password is wrong', '当前密码错误'));
      }
      await throttle.succeeded(key);
      if (oldPassword === newPassword)
        throw badRequest(text('the new password must differ from the current one', '新密码不能与当前密码相同'));
      await this.setPassword(id, newPassword);
    },

    async remove(ids: number[]) {
      await accountsRepository.markRemoved(db, ids);
      for (const id of ids) await sessions.revokeAllForUser(id);
    },

    /** Ends the sessions of every account of a company (disabled or blacklisted). */
    async endSessionsOfCompany(companyId: number) {
      for (const id of await accountsRepository.memberIdsOfCompany(db, companyId)) await sessions.revokeAllForUser(id);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
