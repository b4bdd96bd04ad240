import { pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Captcha answers, hashed; each is deleted when checked, right or wrong. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
