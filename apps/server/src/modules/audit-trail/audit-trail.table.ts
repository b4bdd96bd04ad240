import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail. Each row carries the SHA-256 of the previous row's hash and its
 * own content, so that an edited, inserted or removed row breaks the chain from that row on.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What happened: project.submit, project.approve, … */
    action: varchar('action', { length: 60 }).notNull(),
    subjectType: varchar('subject_type', { length: 30 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 50 }),
    data: jsonb('data').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [index('audit_trail_subject_idx').on(t.subjectType, t.subjectId)],
);
