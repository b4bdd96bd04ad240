import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { projects } from '../projects/projects.table.ts';

/**
 * Who is watching a project's draw or opening live, and when each was last seen (the live page
 * reports every few seconds): the presence a step reads at its moment.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** owner | supervisor | staff | bidder */
    role: varchar('role', { length: 12 }).notNull(),
    /** The bidder's company. */
    companyId: integer('company_id'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('live_presence_seen_idx').on(t.projectId, t.lastSeenAt),
  ],
);
