import { integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The first answer to a request sent with an `Idempotency-Key` (DESIGN §4), per caller, route and
 * key, kept 24 hours: a retry gets it again instead of acting twice. `status` is null while the
 * first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    route: varchar('route', { length: 300 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    bodyHash: varchar('body_hash', { length: 64 }).notNull(),
    status: smallint('status'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);
