import { sql } from 'drizzle-orm';
import {
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
import { companies } from '../companies/companies.table.ts';
import { departments } from '../departments/departments.table.ts';
import { roles } from '../roles/roles.table.ts';

/**
 * Every account that can sign in: back-office employees (`types` 0) and company users (`types` 1).
 * One table keeps sessions, roles and the sign-in log uniform; the kind decides which fields apply.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    types: smallint('types').notNull(),
    /** Employee user name; company users sign in by phone and have none. */
    loginUid: varchar('login_uid', { length: 30 }),
    name: varchar('name', { length: 50 }).notNull(),
    tel: varchar('tel', { length: 20 }),
    passwordHash: text('password_hash').notNull(),
    deptId: integer('dept_id').references(() => departments.id),
    companyId: integer('company_id').references(() => companies.id),
    /** 0 enabled, 1 disabled. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** Set for accounts created by the demo seed, so production can refuse documented passwords. */
    demo: smallint('demo').notNull().default(0),
    /** Removed accounts stay for the logs' sake but can no longer sign in or be listed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_uid_uq')
      .on(t.loginUid)
      .where(sql`${t.loginUid} is not null and ${t.deletedAt} is null`),
    uniqueIndex('users_types_tel_uq')
      .on(t.types, t.tel)
      .where(sql`${t.tel} is not null and ${t.deletedAt} is null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** An owner organisation's request for a back-office account (POST /api/employee/register). */
export const accountRequests = pgTable('account_requests', {
  id: serial('id').primaryKey(),
  orgName: varchar('org_name', { length: 100 }).notNull(),
  departCategory: varchar('depart_category', { length: 50 }).notNull(),
  contactName: varchar('contact_name', { length: 50 }).notNull(),
  tel: varchar('tel', { length: 20 }).notNull(),
  loginUid: varchar('login_uid', { length: 30 }).notNull(),
  /** pending, approved, rejected: the account request workflow (packages/contracts/src/account-request-workflow.ts). */
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  /** The reason of a rejection. */
  reviewNote: text('review_note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
