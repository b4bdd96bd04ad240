import { AccountType } from '@lvb/contracts/access';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { sessionExpired, sessionMissing } from '../../lib/errors.ts';
import { organisationOf } from '../../lib/data-scope.ts';
import { newToken, sha256Hex } from '../../lib/secrets.ts';
import { accountsRepository, companyFix } from '../accounts/accounts.repository.ts';
import { sessions } from './sessions.table.ts';

export interface SignedInUser {
  id: number;
  sessionId: number;
  types: number;
  loginUid: string;
  name: string;
  tel: string | null;
  deptId: number | null;
  deptName: string | null;
  orgDeptId: number | null;
  dataScopes: string[];
  company: { id: number; name: string } | null;
  /** 1 when the user is an employee or its company record is complete. */
  fix: number;
  roles: string[];
  permissions: string[];
}

interface SessionDeps {
  db: Db;
  idleMinutes: number;
  absoluteHours: number;
}

/**
 * Sessions with idle and absolute expiry, judged by the database clock. A token is 256 random
 * bits; only its SHA-256 is stored, so a leaked table does not yield usable tokens.
 */
export function createSessionService({ db, idleMinutes, absoluteHours }: SessionDeps) {
  async function loadUser(userId: number, sessionId: number): Promise<SignedInUser | null> {
    const profile = await accountsRepository.profile(db, userId);
    if (!profile || profile.user.status !== '0' || profile.user.deletedAt) return null;
    const { user, company } = profile;
    if (user.types === AccountType.supplier && (!company || company.status !== '0')) return null;
    const roleRows = await accountsRepository.roles(db, user.id);
    const roleKeys = roleRows.map((r) => r.key);
    return {
      id: user.id,
      sessionId,
      types: user.types,
      loginUid: user.loginUid ?? user.tel ?? String(user.id),
      name: user.name,
      tel: user.tel,
      deptId: user.deptId,
      deptName: profile.deptName,
      orgDeptId: await organisationOf(db, user.deptId),
      dataScopes: [...new Set(roleRows.map((r) => r.dataScope))],
      company: company ? { id: company.id, name: company.name } : null,
      fix: user.types === AccountType.supplier && company ? companyFix(company) : 1,
      roles: roleKeys,
      permissions: await accountsRepository.permissions(db, user.id, roleKeys),
    };
  }

  return {
    /** The signed-in view of an account, for work done on its behalf (seeds, scripts). */
    userById: (userId: number) => loadUser(userId, 0),

    async create(userId: number, ip: string): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({
        tokenHash: sha256Hex(token),
        userId,
        ip: ip.slice(0, 64),
        expiresAt: sql`now() + ${absoluteHours} * interval '1 hour'`,
      });
      return token;
    },

    /**
     * Resolves `Authorization: Bearer <token>` to the signed-in user. Throws 50000 for a missing
     * or unknown token and 50001 for one that expired, was revoked, or whose account was disabled.
     */
    async authenticate(authorization: string | undefined, _ip: string): Promise<SignedInUser> {
      const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/.exec(authorization ?? '');
      if (!match) throw sessionMissing();
      const result = await queryRows<{
        id: number;
        user_id: number;
        revoked: boolean;
        expired: boolean;
        stale: boolean;
      }>(
        db,
        sql`
        select id, user_id, revoked_at is not null as revoked,
          (expires_at <= now() or last_seen_at <= now() - ${idleMinutes} * interval '1 minute') as expired,
          last_seen_at <= now() - interval '1 minute' as stale
        from sessions where token_hash = ${sha256Hex(match[1]!)}`,
      );
      const row = result[0];
      if (!row) throw sessionMissing();
      if (row.revoked || row.expired) throw sessionExpired();
      const user = await loadUser(Number(row.user_id), Number(row.id));
      if (!user) {
        await this.revoke(Number(row.id));
        throw sessionExpired();
      }
      // Touch at most once a minute: idle expiry needs no finer grain, and it spares a write per call.
      if (row.stale)
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(sessions.id, Number(row.id)));
      return user;
    },

    async revoke(sessionId: number) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllForUser(userId: number) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
