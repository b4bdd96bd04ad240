import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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

/** The contract the owner records once the winner confirmed the award (DESIGN §7 "Contract completion"). */
export const projectContracts = pgTable('project_contracts', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  applicationId: integer('application_id')
    .notNull()
    .references(() => applications.id),
  contractNo: varchar('contract_no', { length: 50 }).notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  signedOn: date('signed_on').notNull(),
  periodStart: date('period_start').notNull(),
  periodEnd: date('period_end').notNull(),
  files: jsonb('files').$type<string[]>().notNull().default([]),
  recordedBy: integer('recorded_by')
    .notNull()
    .references(() => users.id),
  recordedAt: timestamp('recorded_at', { withTimezone: true })
    .notNull()
    .default(sql`app_now()`),
});

/**
 * The platform's service fee on an award (DESIGN §7 "Service fee"), on its own workflow
 * (packages/contracts fee-workflow.ts): one per project, made when the winner confirms. The award
 * notice is issued once it is settled: its PDF is a stored file, its SHA-256 kept here.
 */
export const serviceFees = pgTable(
  'service_fees',
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
    awardFen: bigint('award_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** The band-by-band computation as made (the tiers may change later). */
    bands: jsonb('bands').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    voucher: varchar('voucher', { length: 64 }),
    voucherAt: timestamp('voucher_at', { withTimezone: true }),
    /** Finance's reason for rejecting the last voucher. */
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    noticeNo: varchar('notice_no', { length: 30 }),
    noticeFile: varchar('notice_file', { length: 64 }),
    noticeSha256: varchar('notice_sha256', { length: 64 }),
    noticeBytes: integer('notice_bytes'),
    noticeIssuedAt: timestamp('notice_issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_fees_project_uq').on(t.projectId),
    uniqueIndex('service_fees_notice_uq').on(t.noticeNo),
    index('service_fees_status_idx').on(t.status, t.id),
  ],
);

/** The acceptance of the finished works (DESIGN §7 "Acceptance"). */
export const acceptances = pgTable('acceptances', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  inspectedOn: date('inspected_on').notNull(),
  /** passed, or failed (with the remarks saying why). */
  conclusion: varchar('conclusion', { length: 10 }).notNull(),
  remarks: text('remarks').notNull().default(''),
  files: jsonb('files').$type<string[]>().notNull().default([]),
  recordedBy: integer('recorded_by')
    .notNull()
    .references(() => users.id),
  recordedAt: timestamp('recorded_at', { withTimezone: true })
    .notNull()
    .default(sql`app_now()`),
});
