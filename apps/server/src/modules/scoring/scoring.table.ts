import { sql } from 'drizzle-orm';
import type { PanelCandidateLine } from '@lvb/contracts/experts';
import { integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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

/**
 * A best-value project's panel draw (packages/contracts experts.ts): the seed made when the
 * announcement is published, stored only sealed under the key from the environment with its
 * commitment in the announcement; the draw writes the frozen list, its hash, the owner's entropy,
 * the revealed seed, the order and the seated panel, once (`seed` is null until then).
 */
export const panelDraws = pgTable('panel_draws', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  sealedSeed: text('sealed_seed').notNull(),
  commitment: varchar('commitment', { length: 64 }).notNull(),
  experts: integer('experts'),
  candidates: jsonb('candidates').$type<PanelCandidateLine[]>(),
  listText: text('list_text'),
  listHash: varchar('list_hash', { length: 64 }),
  entropy: varchar('entropy', { length: 32 }),
  seed: varchar('seed', { length: 64 }),
  order: jsonb('order').$type<number[]>(),
  ownerReps: jsonb('owner_reps').$type<number[]>(),
  drawnBy: integer('drawn_by').references(() => users.id),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
