import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { smsCodes, smsOutbox } from './sms.table.ts';

/** SMS codes and the outbox: the only place that touches their tables. */
export const smsRepository = {
  /** Seconds until the phone may get another code, when one went out within `resendSeconds`. */
  /**
   * Stores a new code unless the phone had one within `resendSeconds`, atomically: the phone's
   * advisory lock orders concurrent requests, and each check runs after the previous insert
   * committed. Answers the seconds left to wait when refused.
   */
  storeCodeUnlessRecent: (
    db: Db,
    code: { id: string; tel: string; purpose: string; codeHash: string; ttlMinutes: number },
    resendSeconds: number,
  ) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${code.tel}`}))`);
      const [recent] = await queryRows<{ wait: number }>(
        tx,
        sql`
        select ceil(extract(epoch from (created_at + ${resendSeconds} * interval '1 second' - now())))::int as wait
        from sms_codes where tel = ${code.tel} and created_at > now() - ${resendSeconds} * interval '1 second'
        order by created_at desc limit 1`,
      );
      if (recent) return { wait: Math.max(1, Number(recent.wait)) };
      await tx.insert(smsCodes).values({
        id: code.id,
        tel: code.tel,
        purpose: code.purpose,
        codeHash: code.codeHash,
        expiresAt: sql`now() + ${code.ttlMinutes} * interval '1 minute'`,
      });
      return { wait: undefined };
    }),

  deleteCode: (db: Db, id: string) => db.delete(smsCodes).where(eq(smsCodes.id, id)),

  /**
   * Locks the newest unused code for the phone and purpose (or the one with this id) and lets
   * `judge` decide in the same transaction: 'used' consumes it, 'tried' counts a failed try.
   */
  judgeCode: <T>(
    db: Db,
    key: { tel: string; purpose: string; id?: string },
    judge: (row: { codeHash: string; attempts: number; live: boolean } | undefined) => {
      mark?: 'used' | 'tried';
      result: T;
    },
  ) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: smsCodes.id,
          codeHash: smsCodes.codeHash,
          attempts: smsCodes.attempts,
          live: sql<boolean>`${smsCodes.expiresAt} > now()`,
        })
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.tel, key.tel),
            eq(smsCodes.purpose, key.purpose),
            isNull(smsCodes.usedAt),
            key.id ? eq(smsCodes.id, key.id) : undefined,
          ),
        )
        .orderBy(desc(smsCodes.createdAt))
        .limit(1)
        .for('update');
      const { mark, result } = judge(row);
      if (row && mark === 'tried')
        await tx
          .update(smsCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(smsCodes.id, row.id));
      if (row && mark === 'used')
        await tx
          .update(smsCodes)
          .set({ usedAt: sql`now()` })
          .where(eq(smsCodes.id, row.id));
      return result;
    }),

  outbox: {
    insert: (db: Db, tel: string, content: string) => db.insert(smsOutbox).values({ tel, content }),
    latest: (db: Db, tel: string) =>
      db.select().from(smsOutbox).where(eq(smsOutbox.tel, tel)).orderBy(desc(smsOutbox.id)).limit(20),
  },
};
