import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { caBindings, caChallenges } from './ca.table.ts';

/** What became of a challenge that could not be consumed. */
export type ChallengeState = 'unknown' | 'used' | 'expired';

/** Certificate bindings and sign-in challenges: the only place that touches ca_bindings and ca_challenges. */
export const caRepository = {
  /** A new challenge valid `seconds` by the business clock; challenges long expired are dropped on the way. */
  async insertChallenge(db: Db, na: string, challenge: string, seconds: number) {
    await db.delete(caChallenges).where(sql`${caChallenges.expiresAt} < ${DB_NOW} - interval '1 hour'`);
    await db
      .insert(caChallenges)
      .values({ na, challenge, expiresAt: sql`${DB_NOW} + ${seconds} * interval '1 second'` });
  },

  /**
   * Uses the challenge `na` once: one conditional statement, so that of two requests with the
   * same challenge exactly one gets its text. Null when it is unknown, used or expired.
   */
  consumeChallenge: async (db: Db, na: string) =>
    (
      await db
        .update(caChallenges)
        .set({ usedAt: DB_NOW })
        .where(
          and(eq(caChallenges.na, na), sql`${caChallenges.usedAt} is null`, sql`${caChallenges.expiresAt} > ${DB_NOW}`),
        )
        .returning({ challenge: caChallenges.challenge })
    )[0]?.challenge ?? null,

  /** Why a challenge could not be consumed, for the sign-in log. */
  async challengeState(db: Db, na: string): Promise<ChallengeState> {
    const [row] = await queryRows<{ used: boolean }>(
      db,
      sql`select ${caChallenges.usedAt} is not null as used from ${caChallenges} where ${caChallenges.na} = ${na}`,
    );
    if (!row) return 'unknown';
    return row.used ? 'used' : 'expired';
  },

  /** The account a certificate is bound to. */
  ownerOf: async (db: Db, sha256: string) =>
    (await db.select({ userId: caBindings.userId }).from(caBindings).where(eq(caBindings.sha256, sha256)))[0]?.userId ??
    null,

  insertBinding: (db: Db, row: typeof caBindings.$inferInsert) => db.insert(caBindings).values(row),

  /** An account's certificates, newest first. */
  bindingsOf: (db: Db, userId: number) =>
    db
      .select({
        sha256: caBindings.sha256,
        subject: caBindings.subject,
        issuer: caBindings.issuer,
        serialNumber: caBindings.serialNumber,
        notBefore: caBindings.notBefore,
        notAfter: caBindings.notAfter,
        createdAt: caBindings.createdAt,
      })
      .from(caBindings)
      .where(eq(caBindings.userId, userId))
      .orderBy(desc(caBindings.createdAt), caBindings.sha256),

  /** Removes one of the account's bindings; false when it has none with that key. */
  removeBinding: async (db: Db, userId: number, sha256: string) =>
    (
      await db
        .delete(caBindings)
        .where(and(eq(caBindings.userId, userId), eq(caBindings.sha256, sha256)))
        .returning({ sha256: caBindings.sha256 })
    ).length > 0,
};
