import { LIVE_ORDER_STATUSES } from '@lvb/contracts/guarantee-order-workflow';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { applications } from '../applications/applications.table.ts';
import { companies } from '../companies/companies.table.ts';
import { departments } from '../departments/departments.table.ts';
import { projects } from '../projects/projects.table.ts';

/**
 * A letter template (DESIGN §7 "Guarantee service"): the letter's text with {{placeholders}}, the
 * letterhead and seal images (stored names, record type `letter-template`).
 */
export const letterTemplates = pgTable('letter_templates', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  bodyZh: text('body_zh').notNull(),
  bodyEn: text('body_en').notNull().default(''),
  letterhead: varchar('letterhead', { length: 64 }),
  seal: varchar('seal', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`app_now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A guarantee product: its kind, premium tiers, validity and auto-approve limit, its template. */
export const guaranteeProducts = pgTable(
  'guarantee_products',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** [[upToYuan | null, rate], …] (packages/contracts premiumFen). */
    rateTiers: jsonb('rate_tiers').$type<[number | null, number][]>().notNull(),
    minPremiumFen: bigint('min_premium_fen', { mode: 'number' }).notNull(),
    validityDays: integer('validity_days').notNull(),
    autoApproveLimitFen: bigint('auto_approve_limit_fen', { mode: 'number' }).notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => letterTemplates.id),
    onShelf: boolean('on_shelf').notNull().default(false),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guarantee_products_shelf_idx').on(t.onShelf, t.kind)],
);

/**
 * A supplier's guarantee order on its workflow (packages/contracts guarantee-order-workflow.ts):
 * one live order per application and kind (`guarantee_orders_live_uq`). The issued letter's PDF is
 * a stored file (record type `guarantee-letter`), its SHA-256 kept here for the public check.
 */
export const guaranteeOrders = pgTable(
  'guarantee_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 30 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    productId: integer('product_id')
      .notNull()
      .references(() => guaranteeProducts.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    premiumFen: bigint('premium_fen', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    statusReason: text('status_reason'),
    voucher: varchar('voucher', { length: 64 }),
    voucherAt: timestamp('voucher_at', { withTimezone: true }),
    refundFen: bigint('refund_fen', { mode: 'number' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    letterNo: varchar('letter_no', { length: 40 }),
    verifyCode: varchar('verify_code', { length: 8 }),
    letterFile: varchar('letter_file', { length: 64 }),
    letterSha256: varchar('letter_sha256', { length: 64 }),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guarantee_orders_no_uq').on(t.orderNo),
    uniqueIndex('guarantee_orders_letter_uq').on(t.letterNo),
    uniqueIndex('guarantee_orders_live_uq')
      .on(t.applicationId, t.kind)
      .where(sql.raw(`status in (${LIVE_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    index('guarantee_orders_company_idx').on(t.companyId, t.id),
    index('guarantee_orders_status_idx').on(t.status, t.id),
    index('guarantee_orders_sha_idx').on(t.letterSha256),
  ],
);

/**
 * A claim on an issued letter by its beneficiary (packages/contracts guarantee-claim-workflow.ts):
 * one open claim per letter (`guarantee_claims_open_uq`); its files are stored files (record type
 * `guarantee-claim`). Paying it ends the order `claimed` in the same transaction.
 */
export const guaranteeClaims = pgTable(
  'guarantee_claims',
  {
    id: serial('id').primaryKey(),
    claimNo: varchar('claim_no', { length: 30 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => guaranteeOrders.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    /** The beneficiary: the owner organisation the claim is filed for. */
    deptId: integer('dept_id').references(() => departments.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    status: varchar('status', { length: 20 }).notNull().default('filed'),
    statusReason: text('status_reason'),
    filedBy: integer('filed_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guarantee_claims_no_uq').on(t.claimNo),
    uniqueIndex('guarantee_claims_open_uq')
      .on(t.orderId)
      .where(sql`status = 'filed'`),
    index('guarantee_claims_status_idx').on(t.status, t.id),
  ],
);
