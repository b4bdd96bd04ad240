import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from './captcha.table.ts';

/** Captcha answers: the only place that touches the captchas table. */
export const captchaRepository = {
  insert: (db: Db, id: string, answerHash: string, ttlSeconds: number) =>
    db.insert(captchas).values({ id, answerHash, expiresAt: sql`now() + ${ttlSeconds} * interval '1 second'` }),

  /** Deletes the answer and returns it with whether it was still live: each answer is used once. */
  consume: async (db: Db, id: string) =>
    (
      await db
        .delete(captchas)
        .where(eq(captchas.id, id))
        .returning({ answerHash: captchas.answerHash, live: sql<boolean>`${captchas.expiresAt} > now()` })
    )[0],

  purgeExpired: (db: Db) => db.delete(captchas).where(sql`${captchas.expiresAt} < now()`),
};
