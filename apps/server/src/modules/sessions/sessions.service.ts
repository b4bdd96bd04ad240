import { ALL_PERMISSIONS, AccountType, SUPER_ROLE } from '@lvb/contracts/access';
import type { Db } from '../../db/client.ts';
import { sessionExpired, sessionMissing } from '../../lib/errors.ts';
import { newToken, sha256Hex } from '../../lib/secrets.ts';
import { accountsRepository, type AccountProfile } from '../accounts/accounts.repository.ts';
import { identityChannel } from './identity-channel.ts';
import { sessionsRepository } from './sessions.repository.ts';

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

/** What modules that change accounts, roles, menus, departments or companies call afterwards. */
export interface IdentityChanges {
  changed(): Promise<void>;
}

interface SessionDeps {
  db: Db;
  idleMinutes: number;
  absoluteHours: number;
}

/** How long a signed-in user is reused without asking the database again. */
const CACHE_SECONDS = 5;
const CACHE_MAX_ENTRIES = 10_000;

/** The signed-in view of an account, or null when it may not be signed in (disabled, removed…). */
function signedIn(sessionId: number, p: AccountProfile | null): SignedInUser | null {
  if (!p || !p.active) return null;
  const { company } = p;
  if (p.types === AccountType.supplier && (!company || company.status !== '0')) return null;
  return {
    id: p.id,
    sessionId,
    types: p.types,
    loginUid: p.loginUid ?? p.tel ?? String(p.id),
    name: p.name,
    tel: p.tel,
    deptId: p.deptId,
    deptName: p.deptName,
    orgDeptId: p.orgDeptId,
    dataScopes: p.dataScopes,
    company: company ? { id: company.id, name: company.name } : null,
    fix: p.types === AccountType.supplier && company ? company.fix : 1,
    roles: p.roles,
    permissions: p.roles.includes(SUPER_ROLE) ? [ALL_PERMISSIONS] : [...p.permissions].sort(),
  };
}

/**
 * Sessions with idle and absolute expiry, judged by the database clock. A token is 256 random
 * bits; only its SHA-256 is stored, so a leaked table does not yield usable tokens.
 *
 * The signed-in user (session, account, company, roles, permissions, data scope) is read in one
 * statement and kept per token hash for a few seconds, never past the session's expiry. Any change
 * to what it is made of (`changed()`, revocations) empties this instance's cache at once and tells
 * the other instances through the identity channel (LISTEN/NOTIFY, see identity-channel.ts).
 */
export function createSessionService({ db, idleMinutes, absoluteHours }: SessionDeps) {
  const cache = new Map<string, { user: SignedInUser; until: number }>();
  // A lookup that started before a change must not store what it read.
  let generation = 0;
  const channel = identityChannel(db);
  const forget = () => {
    generation += 1;
    cache.clear();
  };

  async function changed() {
    forget();
    await channel.publish();
  }

  function remember(tokenHash: string, user: SignedInUser, secondsLeft: number) {
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, { user, until: Date.now() + Math.min(CACHE_SECONDS, secondsLeft) * 1000 });
  }

  return {
    changed,

    /** Starts hearing other instances' changes; the access plugin ties it to the app's life. */
    listen: () => channel.listen(forget),
    close: () => channel.close(),

    /** The signed-in view of an account, for work done on its behalf (seeds, scripts). */
    userById: async (userId: number) => signedIn(0, await accountsRepository.profile(db, userId)),

    async create(userId: number, ip: string): Promise<string> {
      const token = newToken();
      await sessionsRepository.create(db, { tokenHash: sha256Hex(token), userId, ip: ip.slice(0, 64), absoluteHours });
      return token;
    },

    /**
     * Resolves `Authorization: Bearer <token>` to the signed-in user. Throws 50000 for a missing
     * or unknown token and 50001 for one that expired, was revoked, or whose account was disabled.
     */
    async authenticate(authorization: string | undefined, _ip: string): Promise<SignedInUser> {
      const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/.exec(authorization ?? '');
      if (!match) throw sessionMissing();
      const tokenHash = sha256Hex(match[1]!);
      const hit = cache.get(tokenHash);
      if (hit && hit.until > Date.now()) return hit.user;
      const seen = generation;
      const row = await sessionsRepository.lookup(db, tokenHash, idleMinutes);
      if (!row) throw sessionMissing();
      if (row.revoked || row.expired) throw sessionExpired();
      const user = signedIn(Number(row.id), row.profile);
      if (!user) {
        await this.revoke(Number(row.id));
        throw sessionExpired();
      }
      if (seen === generation) remember(tokenHash, user, Number(row.seconds_left));
      return user;
    },

    async revoke(sessionId: number) {
      await sessionsRepository.revoke(db, sessionId);
      await changed();
    },

    async revokeAllForUser(userId: number) {
      await sessionsRepository.revokeAllForUsers(db, [userId]);
      await changed();
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
