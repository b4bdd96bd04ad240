import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { signedInProfile, type AccountProfile } from '../accounts/accounts.repository.ts';
import { sessions } from './sessions.table.ts';

export interface SessionLookup {
  id: number;
  revoked: boolean;
  expired: boolean;
  /** Seconds until the session would expire if unused (idle or absolute, whichever first). */
  seconds_left: number | string;
  profile: AccountProfile | null;
}

/** Sign-in sessions: the only place that reads or writes the sessions table. */
export const sessionsRepository = {
  create: (db: Db, values: { tokenHash: string; userId: number; ip: string; absoluteHours: number }) =>
    db.insert(sessions).values({
      tokenHash: values.tokenHash,
      userId: values.userId,
      ip: values.ip,
      expiresAt: sql`now() + ${values.absoluteHours} * interval '1 hour'`,
    }),

  /**
   * The session of a token hash with its expiry judged by the database clock, and its account as
   * the signed-in user sees it, in one statement. A live session not touched for a minute has its
   * `last_seen_at` moved to now in the same statement (idle expiry needs no finer grain).
   */
  async lookup(db: Db, tokenHash: string, idleMinutes: number): Promise<SessionLookup | undefined> {
    const rows = await queryRows<SessionLookup>(
      db,
      sql`with s as (
          select id, user_id, revoked_at is not null as revoked,
            (expires_at <= now() or last_seen_at <= now() - ${idleMinutes} * interval '1 minute') as expired,
            last_seen_at <= now() - interval '1 minute' as stale,
            extract(epoch from least(expires_at, last_seen_at + ${idleMinutes} * interval '1 minute') - now()) as seconds_left
          from sessions where token_hash = ${tokenHash}
        ), touched as (
          update sessions set last_seen_at = now()
          where id = (select id from s where stale and not revoked and not expired)
          returning id
        )
        select s.id, s.revoked, s.expired, s.seconds_left, ${signedInProfile(sql`s.user_id`)} as profile from s`,
    );
    return rows[0];
  },

  revoke: (db: Db, sessionId: number) =>
    db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),

  revokeAllForUsers: (db: Db, userIds: number[]) =>
    db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt))),
};
