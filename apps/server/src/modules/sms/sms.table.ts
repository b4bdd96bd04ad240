import { index, integer, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** SMS verification codes, hashed and bound to a phone and a purpose. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey(),
    tel: varchar('tel', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_tel_idx').on(t.tel, t.createdAt)],
);

/** Messages of the outbox SMS provider (development and tests). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    tel: varchar('tel', { length: 20 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_tel_idx').on(t.tel)],
);
