import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { departments } from '../departments/departments.table.ts';
import { places, projectTypes, subCategories } from '../master-data/master-data.table.ts';

/** A project (spec "item"). Money in fen; times in UTC. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** The owner organisation (a department of kind organisation). */
    ownerDeptId: integer('owner_dept_id')
      .notNull()
      .references(() => departments.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectTypes.id),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id),
    budget: bigint('budget', { mode: 'number' }).notNull(),
    model: smallint('model').notNull(),
    minParticipants: integer('min_participants').notNull(),
    guaranteeRequired: boolean('guarantee_required').notNull().default(false),
    guaranteeAmount: bigint('guarantee_amount', { mode: 'number' }).notNull().default(0),
    signupStart: timestamp('signup_start', { withTimezone: true }).notNull(),
    /** End of sign-up, and of sealed bids for models 2 and 3. */
    bidDeadline: timestamp('bid_deadline', { withTimezone: true }).notNull(),
    /** The opening (models 2, 3) or the draw (model 1). */
    openingAt: timestamp('opening_at', { withTimezone: true }).notNull(),
    publicityDays: integer('publicity_days').notNull(),
    /** The end of the result's publicity (business clock): set when the auditor approves the result. */
    publicityEndsAt: timestamp('publicity_ends_at', { withTimezone: true }),
    qualification: text('qualification').notNull().default(''),
    description: text('description').notNull().default(''),
    contactName: varchar('contact_name', { length: 50 }).notNull().default(''),
    contactTel: varchar('contact_tel', { length: 30 }).notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    /** The reason of the last rejection, failure or cancellation. */
    statusReason: text('status_reason'),
    /** The Chinese of a reason the platform gave (a failed opening); null for a person's, kept as typed. */
    statusReasonZh: text('status_reason_zh'),
    reissuedFrom: integer('reissued_from'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_code_uq').on(t.code),
    index('projects_hall_idx').on(t.status, t.publishedAt),
    index('projects_owner_idx').on(t.ownerDeptId, t.status),
    index('projects_deadline_idx').on(t.status, t.bidDeadline),
    // The hall lists by publication, newest first, all projects or one type (and model): the id
    // completes the order, so that a page is read from an index without a sort.
    index('projects_hall_published_idx').on(t.publishedAt, t.id),
    index('projects_hall_type_model_idx').on(t.typeId, t.model, t.publishedAt, t.id),
    index('projects_place_idx').on(t.placeId),
    // The staff's lists and their exports, latest change first: a page, or the export's next
    // batch after its last row, read from an index without sorting every project.
    index('projects_changed_idx').on(t.updatedAt, t.id),
  ],
);

/**
 * How many published projects there are of each type, model, place and status: the hall's totals
 * without counting the rows of every page asked for. Kept by triggers on `projects` (migration
 * 0003), in the transaction that changes a project, so it is exact whenever that commits.
 */
export const projectHallTotals = pgTable(
  'project_hall_totals',
  {
    typeId: integer('type_id').notNull(),
    model: smallint('model').notNull(),
    placeId: integer('place_id').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.model, t.placeId, t.status] })],
);

/** Projects a supplier follows (sup/supItem). */
export const projectFollows = pgTable(
  'project_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);
