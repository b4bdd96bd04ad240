import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { places, projectTypes, subCategories } from '../master-data/master-data.table.ts';
import { notices } from '../notices/notices.table.ts';

/**
 * A member of the contractor pool (packages/contracts pool.ts, pool-member-workflow.ts): a supplier
 * company pre-qualified for a project type (optionally one sub-category) in a region, between two
 * platform dates. One membership per company, type and region (`pool_members_uq`).
 */
export const poolMembers = pgTable(
  'pool_members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectTypes.id),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id),
    /** The region: a member matches draws of projects in this place or below it. */
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** active | suspended: the pool member workflow. */
    status: varchar('status', { length: 20 }).notNull().default('active'),
    /** Why the member is suspended; kept as typed. */
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
    uniqueIndex('pool_members_uq').on(t.companyId, t.typeId, t.placeId),
    index('pool_members_draw_idx').on(t.typeId, t.status, t.placeId),
  ],
);

/**
 * A publicity of pool members: its `pool` notice on /pub and the members it lists. Removing the
 * notice (system/notice) removes the publicity with it.
 */
export const poolPublicities = pgTable('pool_publicities', {
  id: serial('id').primaryKey(),
  noticeId: integer('notice_id')
    .notNull()
    .references(() => notices.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 200 }).notNull(),
  intro: text('intro').notNull().default(''),
  memberIds: jsonb('member_ids').$type<number[]>().notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`app_now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
