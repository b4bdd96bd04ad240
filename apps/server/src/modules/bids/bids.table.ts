import { sql } from 'drizzle-orm';
import {
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
import { projects } from '../projects/projects.table.ts';

/**
 * A project's data key for its sealed prices (AES-256-GCM), itself encrypted ("wrapped") with the
 * key from the environment (`BID_KEY`): the database alone never reveals a price.
 */
export const projectBidKeys = pgTable('project_bid_keys', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  wrappedKey: text('wrapped_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sealed bid of a qualified application (models 2 and 3). A replacement before the deadline
 * supersedes the previous one; the live bid is the one not superseded. The price is stored only
 * encrypted; the receipt is SHA-256 of the canonical bid, given to the supplier.
 */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    companyId: integer('company_id').notNull(),
    /** base64(iv ‖ tag ‖ ciphertext) of the price in fen, under the project's data key. */
    priceCipher: text('price_cipher').notNull(),
    receiptHash: varchar('receipt_hash', { length: 64 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The submission's Idempotency-Key: a retried request returns this bid's receipt. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /**
     * The proposal files (stored names) the submission named: the files move on to a replacing bid,
     * this keeps what this one carried, and a retry naming other files is told apart from a replay.
     */
    proposalFiles: jsonb('proposal_files').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('bids_live_uq')
      .on(t.applicationId)
      .where(sql`${t.supersededAt} is null`),
    uniqueIndex('bids_idempotency_uq').on(t.applicationId, t.idempotencyKey),
    index('bids_project_idx').on(t.projectId),
  ],
);

/** The supervisors present at a project's opening (each signs in and confirms presence). */
export const openingWitnesses = pgTable(
  'opening_witnesses',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/**
 * The opening record of a project: every bidder, price, receipt hash and time, the ranking, and
 * the seed of the draw that broke ties (published with the record). Written once.
 */
export const openings = pgTable('openings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  openedAt: timestamp('opened_at', { withTimezone: true })
    .notNull()
    .default(sql`app_now()`),
  openedBy: integer('opened_by')
    .notNull()
    .references(() => users.id),
  witnessId: integer('witness_id')
    .notNull()
    .references(() => users.id),
  record: jsonb('record').notNull(),
  tieSeed: varchar('tie_seed', { length: 64 }),
});

/**
 * The seed that orders a project's ties (models 2 and 3), made when its announcement is published:
 * the announcement carries `commitment` (SHA-256 of the 32 seed bytes); the seed itself is kept
 * only sealed under the key from the environment until the opening reveals it in its record.
 */
export const projectTieSeeds = pgTable('project_tie_seeds', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  sealedSeed: text('sealed_seed').notNull(),
  commitment: varchar('commitment', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
