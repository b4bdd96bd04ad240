import { pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A supplier company (spec §3 "company record"). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    contactName: varchar('contact_name', { length: 50 }),
    induRegiNo: varchar('indu_regi_no', { length: 50 }),
    contactTel: varchar('contact_tel', { length: 20 }),
    bankName: varchar('bank_name', { length: 100 }),
    accountNo: varchar('account_no', { length: 30 }),
    /** 0 active, 1 disabled, 2 blacklisted: the company workflow (packages/contracts/src/company-workflow.ts). */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** Why the company is disabled or blacklisted; cleared when it is active again. */
    statusReason: text('status_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_name_uq').on(t.name),
    uniqueIndex('companies_credit_code_uq').on(t.creditCode),
    uniqueIndex('companies_account_no_uq').on(t.accountNo),
  ],
);
