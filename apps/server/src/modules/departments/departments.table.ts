import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Department tree; owner organisations are departments under the "Owners" branch. */
export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  /** Comma-separated ids from the root down to the parent, for "this department and below". */
  ancestors: text('ancestors').notNull().default(''),
  name: varchar('name', { length: 100 }).notNull(),
  /**
   * `organisation` marks the unit whose members a role with the "own organisation" data scope
   * sees (the platform itself, each owner organisation); other nodes are `department`.
   */
  kind: varchar('kind', { length: 12 }).notNull().default('department'),
  leader: varchar('leader', { length: 50 }),
  phone: varchar('phone', { length: 20 }),
  orderNum: integer('order_num').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
