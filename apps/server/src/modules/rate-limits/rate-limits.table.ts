import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window request counters for rate-limited routes, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
