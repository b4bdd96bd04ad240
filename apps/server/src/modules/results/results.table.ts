import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { applications } from '../applications/applications.table.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';

/**
 * The owner's signed confirmation of a project's result (DESIGN §7 "Result"): who, when (the
 * business clock), the canonical result and its SHA-256. A project has one per confirmation it
 * went through (a returned or passed-on result is confirmed again); the last is the current one.
 */
export const resultConfirmations = pgTable(
  'result_confirmations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    winnerApplicationId: integer('winner_application_id')
      .notNull()
      .references(() => applications.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    confirmedBy: integer('confirmed_by')
      .notNull()
      .references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    /** The canonical result exactly as hashed (docs/workflows.md, "Result"). */
    canonical: text('canonical').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [index('result_confirmations_project_idx').on(t.projectId, t.id)],
);

/**
 * Applications the result passed over after they had been the proposed winner (an upheld
 * objection voided their win): they are not proposed again.
 */
export const resultPasses = pgTable(
  'result_passes',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    passedAt: timestamp('passed_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.applicationId] })],
);

/**
 * An objection to a result in publicity, on its own workflow (objection-workflow.ts): once per
 * company and project (`objections_once_uq`), with a reason and files (record type `objection`).
 */
export const objections = pgTable(
  'objections',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    reason: text('reason').notNull(),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The auditor's reason for upholding or dismissing it. */
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('objections_once_uq').on(t.projectId, t.companyId),
    index('objections_project_idx').on(t.projectId, t.status),
  ],
);
