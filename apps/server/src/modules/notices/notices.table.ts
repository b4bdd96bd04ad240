import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** Notices of the back office; `content` is HTML already sanitised on the server. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    /**
     * A generated notice keeps both languages: `title` and `content` in English, these in Chinese,
     * and each reader is shown their own. A notice staff write has one text for everyone (null).
     */
    titleZh: varchar('title_zh', { length: 200 }),
    /** Dictionary notice_type. */
    noticeType: varchar('notice_type', { length: 20 }).notNull(),
    /** all (also the public), suppliers, staff. */
    audience: varchar('audience', { length: 10 }).notNull().default('all'),
    content: text('content').notNull(),
    contentZh: text('content_zh'),
    /** 0 published, 1 closed. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** Set for a project's announcement, correction, result or failure notice. */
    projectId: integer('project_id'),
    /** Set for a notice to one supplier company only (its application's outcome); none for a side's. */
    companyId: integer('company_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_project_idx').on(t.projectId),
    index('notices_public_idx').on(t.audience, t.status, t.createdAt),
    index('notices_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Which notices a supplier's account has opened (its notice page, sup/supPub): its home page
 * counts the notices it can read that have no row here.
 */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);
