import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { bids } from '../bids/bids.table.ts';
import { projects } from '../projects/projects.table.ts';

/** The scoring panel of a best-value project: employees the owner assigned; each submits once. */
export const scoringPanel = pgTable(
  'scoring_panel',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/** One member's score of one bid on one criterion (its index in the type's criteria). */
export const scores = pgTable(
  'scores',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    criterion: integer('criterion').notNull(),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId, t.bidId, t.criterion] })],
);

/** The finalised ranking of a best-value project: written once. */
export const scoringResults = pgTable('scoring_results', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  finalisedAt: timestamp('finalised_at', { withTimezone: true })
    .notNull()
    .default(sql`app_now()`),
  finalisedBy: integer('finalised_by')
    .notNull()
    .references(() => users.id),
  /** The criteria and weight the ranking used, and every bid's scores and rank. */
  record: jsonb('record').notNull(),
});
