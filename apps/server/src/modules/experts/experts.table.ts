import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { places, projectTypes } from '../master-data/master-data.table.ts';

/**
 * An evaluation expert (packages/contracts experts.ts): an employee account allowed to score,
 * kept for a specialty (a project type) in a region between two platform dates; `employer` and
 * its credit code say which bidders it may not judge. One entry per account and specialty.
 */
export const experts = pgTable(
  'experts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** employee | outside */
    kind: varchar('kind', { length: 10 }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectTypes.id),
    /** The region: the expert sits on panels of projects in this place or below it. */
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id),
    employer: text('employer').notNull().default(''),
    employerCreditCode: varchar('employer_credit_code', { length: 18 }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** active | suspended: the expert workflow. */
    status: varchar('status', { length: 20 }).notNull().default('active'),
    statusReason: text('status_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('experts_uq').on(t.userId, t.typeId),
    index('experts_draw_idx').on(t.typeId, t.status, t.placeId),
  ],
);
