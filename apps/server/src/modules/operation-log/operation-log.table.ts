import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One row per write call: who, what, when, from where, outcome, duration. Never a body. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 50 }),
    types: smallint('types'),
    title: varchar('title', { length: 200 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    /** 0 success, 1 failure. */
    status: varchar('status', { length: 1 }).notNull(),
    resultCode: integer('result_code').notNull(),
    errorMsg: varchar('error_msg', { length: 255 }),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_log_created_idx').on(t.createdAt)],
);
