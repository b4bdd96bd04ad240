import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Failed sign-ins per account identifier; survives restarts and is shared by all instances. */
export const loginFailures = pgTable('login_failures', {
  accountKey: varchar('account_key', { length: 80 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Sign-in log: every attempt, successful or not. Never holds a password or code. */
export const signinLog = pgTable(
  'signin_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    loginName: varchar('login_name', { length: 50 }).notNull(),
    types: smallint('types').notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    /** 0 success, 1 failure. */
    status: varchar('status', { length: 1 }).notNull(),
    msg: varchar('msg', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signin_log_created_idx').on(t.createdAt)],
);
