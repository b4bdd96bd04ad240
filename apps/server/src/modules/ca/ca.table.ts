import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * Certificates bound to accounts (DESIGN §9): one account per certificate, keyed by the SHA-256
 * of its DER. The names and dates are copied from the certificate when it is bound, for the list.
 */
export const caBindings = pgTable(
  'ca_bindings',
  {
    /** Lower-case hex of the SHA-256 of the certificate's DER. */
    sha256: varchar('sha256', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: varchar('subject', { length: 1024 }).notNull(),
    issuer: varchar('issuer', { length: 1024 }).notNull(),
    /** Upper-case hex without leading zeros. */
    serialNumber: varchar('serial_number', { length: 64 }).notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
  },
  (t) => [index('ca_bindings_user_idx').on(t.userId)],
);

/**
 * Challenges a certificate's key signs to prove its possession: each valid two minutes by the
 * business clock and used once (`used_at` set by the one statement that consumes it).
 */
export const caChallenges = pgTable(
  'ca_challenges',
  {
    /** Names the challenge: random, URL-safe. */
    na: varchar('na', { length: 43 }).primaryKey(),
    /** The text the key signs (its UTF-8 bytes): 32 random bytes, base64url. */
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('ca_challenges_expires_idx').on(t.expiresAt)],
);
