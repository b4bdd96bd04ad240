import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { applications } from '../applications/applications.table.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';

/** One line of a draw's frozen candidate list, in list order (sorted by pool member id). */
export interface FrozenCandidate {
  memberId: number;
  companyId: number;
  creditCode: string;
  companyName: string;
}

/**
 * A pool draw of a project (packages/contracts draw-workflow.ts): the candidate list frozen at
 * scheduling with its text and hash, the seed stored only sealed under the key from the
 * environment until the draw reveals it (`seed` then holds it in hex), the witness's entropy and
 * the order. One live draw per project (`draws_project_uq`).
 */
export const draws = pgTable(
  'draws',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    typeId: integer('type_id').notNull(),
    subCategoryId: integer('sub_category_id'),
    placeId: integer('place_id').notNull(),
    reserves: integer('reserves').notNull(),
    candidates: jsonb('candidates').$type<FrozenCandidate[]>().notNull(),
    listText: text('list_text').notNull(),
    listHash: varchar('list_hash', { length: 64 }).notNull(),
    commitment: varchar('commitment', { length: 64 }).notNull(),
    sealedSeed: text('sealed_seed').notNull(),
    /** The seed in hex, written only by the draw. */
    seed: varchar('seed', { length: 64 }),
    entropy: varchar('entropy', { length: 32 }),
    order: jsonb('order').$type<number[]>(),
    status: varchar('status', { length: 20 }).notNull().default('scheduled'),
    statusReason: text('status_reason'),
    scheduledBy: integer('scheduled_by')
      .notNull()
      .references(() => users.id),
    witnessId: integer('witness_id').references(() => users.id),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draws_project_uq')
      .on(t.projectId)
      .where(sql`status <> 'cancelled'`),
    index('draws_status_idx').on(t.status, t.id),
  ],
);

/**
 * A drawn contractor asked to take the project (packages/contracts pickWorkflow): `rank` its place
 * in the drawn order, `position` its line in the list; one asked at a time per draw.
 */
export const drawPicks = pgTable(
  'draw_picks',
  {
    id: serial('id').primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id),
    rank: integer('rank').notNull(),
    position: integer('position').notNull(),
    memberId: integer('member_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    status: varchar('status', { length: 20 }).notNull().default('asked'),
    statusReason: text('status_reason'),
    askedAt: timestamp('asked_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    /** The application the confirmation made: the winner of the project's ranking. */
    applicationId: integer('application_id').references(() => applications.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draw_picks_rank_uq').on(t.drawId, t.rank),
    uniqueIndex('draw_picks_asked_uq')
      .on(t.drawId)
      .where(sql`status = 'asked'`),
    index('draw_picks_company_idx').on(t.companyId, t.askedAt),
  ],
);
