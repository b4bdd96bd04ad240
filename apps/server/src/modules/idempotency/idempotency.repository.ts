import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { idempotencyKeys } from './idempotency.table.ts';

export interface IdempotencyKey {
  userId: number;
  route: string;
  key: string;
}

/** How long a first answer is kept, and after how long a request that never finished is given up. */
const KEEP = sql`interval '24 hours'`;
const ABANDONED = sql`interval '1 minute'`;

/** The row of one caller's key on one path. */
const keyIs = (id: IdempotencyKey) =>
  and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.route, id.route), eq(idempotencyKeys.key, id.key));

/** The idempotency keys: the only place that touches their table. */
export const idempotencyRepository = {
  /**
   * Claims the key for a new request, in one statement: a key never seen, kept past 24 hours, or
   * left running by a request that never finished is (re)claimed; otherwise answers what is kept.
   */
  async claim(db: Db, id: IdempotencyKey, bodyHash: string) {
    // The caller's answers past their 24 hours go as it makes new ones: the table stays small.
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, id.userId), sql`${idempotencyKeys.createdAt} < now() - ${KEEP}`));
    const claimed = await queryRows<{ claimed: boolean }>(
      db,
      sql`
      insert into idempotency_keys as k (user_id, route, key, body_hash)
      values (${id.userId}, ${id.route}, ${id.key}, ${bodyHash})
      on conflict (user_id, route, key) do update
        set body_hash = excluded.body_hash, status = null, response = null, created_at = now()
        where k.created_at < now() - ${KEEP} or (k.status is null and k.created_at < now() - ${ABANDONED})
      returning true as claimed`,
    );
    if (claimed.length > 0) return { claimed: true as const };
    const [kept] = await db
      .select({
        bodyHash: idempotencyKeys.bodyHash,
        status: idempotencyKeys.status,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(keyIs(id));
    return { claimed: false as const, kept };
  },

  /** Keeps the first answer. */
  finish: (db: Db, id: IdempotencyKey, status: number, response: string) =>
    db.update(idempotencyKeys).set({ status, response }).where(keyIs(id)),

  /** The request failed on the server's side: the key is free for the retry. */
  release: (db: Db, id: IdempotencyKey) =>
    db.delete(idempotencyKeys).where(and(keyIs(id), isNull(idempotencyKeys.status))),
};
