import { LIVE_APPLICATION_STATUSES } from '@lvb/contracts/application-workflow';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';

const LIVE = sql.raw(LIVE_APPLICATION_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * A supplier's application to a published project (DESIGN §7): contact, qualification documents
 * (files attached as `application`), the guarantee letter when the project requires one, and its
 * status on the application workflow. One live application per company and project.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The company user who applied. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    contactTel: varchar('contact_tel', { length: 20 }).notNull(),
    /**
     * The bid guarantee's letter number: of a letter the platform issued (its order in
     * `guaranteeOrderId`, verified) or of one from elsewhere (unverified, for the owner's check).
     */
    guaranteeLetterNo: varchar('guarantee_letter_no', { length: 50 }),
    /** The guarantee order whose issued letter the application holds (no foreign key: the guarantee module's table refers to this one). */
    guaranteeOrderId: integer('guarantee_order_id'),
    status: varchar('status', { length: 20 }).notNull().default('pending_check'),
    statusReason: varchar('status_reason', { length: 500 }),
    checkedBy: integer('checked_by').references(() => users.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_live_uq')
      .on(t.projectId, t.companyId)
      .where(sql`${t.status} in (${LIVE})`),
    index('applications_project_idx').on(t.projectId, t.status),
    index('applications_company_idx').on(t.companyId, t.createdAt),
  ],
);
