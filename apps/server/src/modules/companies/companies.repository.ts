import type { supplierFilter } from '@lvb/contracts/admin';
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { companyHasUserTel, companyUserCount } from '../accounts/accounts.repository.ts';
import { companies } from './companies.table.ts';

export type CompanyRow = typeof companies.$inferSelect;
type Conn = Db | Tx;

/** The company fields that make a record complete (spec §3). */
export function companyFix(c: {
  induRegiNo: string | null;
  contactTel: string | null;
  bankName: string | null;
  accountNo: string | null;
}) {
  return c.induRegiNo && c.contactTel && c.bankName && c.accountNo ? 1 : 0;
}

const complete = sql<boolean>`(${companies.induRegiNo} is not null and ${companies.contactTel} is not null and ${companies.bankName} is not null and ${companies.accountNo} is not null)`;

/**
 * What a signed-in user needs of its company `companyId`, as a scalar JSON subquery (null when
 * none): id, name, status, and `fix` 1 when the record is complete.
 */
export const companySummary = (companyId: AnyColumn | SQL) =>
  sql<{ id: number; name: string; status: string; fix: number } | null>`(select json_build_object('id', c.id,
    'name', c.name, 'status', c.status, 'fix', case when c.indu_regi_no is not null and c.contact_tel is not null
    and c.bank_name is not null and c.account_no is not null then 1 else 0 end)
    from companies c where c.id = ${qualified(companyId)})`;

/** The name of the company `companyId` refers to, as a scalar subquery. */
export const companyName = (companyId: AnyColumn | SQL) =>
  sql<string>`(select c.name from companies c where c.id = ${qualified(companyId)})`;
/** The unified credit code of the company `companyId` refers to, as a scalar subquery. */
export const companyCreditCode = (companyId: AnyColumn | SQL) =>
  sql<string>`(select c.credit_code from companies c where c.id = ${qualified(companyId)})`;
/** Whether the company `companyId` refers to has `pattern` (an ilike pattern) in its name or credit code. */
export const companyMatches = (companyId: AnyColumn | SQL, pattern: string) =>
  sql<boolean>`exists (select 1 from companies c where c.id = ${qualified(companyId)}
    and (c.name ilike ${pattern} or c.credit_code ilike ${pattern}))`;

const supplierWhere = (q: z.output<typeof supplierFilter>): SQL | undefined =>
  and(
    q.compName ? ilike(companies.name, containing(q.compName)) : undefined,
    q.creditCode ? ilike(companies.creditCode, containing(q.creditCode)) : undefined,
    q.tel ? companyHasUserTel(companies.id, containing(q.tel)) : undefined,
    q.status ? eq(companies.status, q.status) : undefined,
    q.incomplete === 'true' ? sql`not ${complete}` : q.incomplete === 'false' ? complete : undefined,
  );

/** Built on use: the account subqueries come from a module that imports this one. */
const supplierColumns = () => ({
  compId: companies.id,
  compName: companies.name,
  creditCode: companies.creditCode,
  contactName: companies.contactName,
  contactTel: companies.contactTel,
  induRegiNo: companies.induRegiNo,
  bankName: companies.bankName,
  accountNo: companies.accountNo,
  status: companies.status,
  /** The reason of a blacklisting (a disabled company's reason is in its detail, `statusReason`). */
  blacklistReason: sql<string | null>`case when ${companies.status} = '2' then ${companies.statusReason} end`,
  statusReason: companies.statusReason,
  complete,
  userCount: companyUserCount(companies.id),
  createdAt: companies.createdAt,
});

/** Supplier companies: the only place that reads or writes the companies table. */
export const companiesRepository = {
  findById: async (db: Db, id: number) => (await db.select().from(companies).where(eq(companies.id, id)))[0],

  nameExists: async (db: Db, name: string) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name))).length > 0,

  /** Is the bank account number registered to a company (other than `exceptId`)? */
  accountNoExists: async (db: Db, accountNo: string, exceptId?: number) =>
    (
      await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.accountNo, accountNo), exceptId === undefined ? undefined : ne(companies.id, exceptId)))
    ).length > 0,

  /** Companies whose name or credit code is one of these. */
  clashes: (db: Db, name: string, creditCode: string) =>
    db
      .select({ name: companies.name, creditCode: companies.creditCode })
      .from(companies)
      .where(or(eq(companies.name, name), eq(companies.creditCode, creditCode))),

  insert: async (db: Conn, values: typeof companies.$inferInsert) =>
    (await db.insert(companies).values(values).returning({ id: companies.id }))[0]!.id,

  /** Saves fields of a record; undefined when there is none with this id. */
  update: async (db: Db, id: number, values: Partial<typeof companies.$inferInsert>) =>
    (
      await db
        .update(companies)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(companies.id, id))
        .returning()
    )[0],

  /** The companies with these unified credit codes: id, name, code and status. */
  byCreditCodes: (db: Conn, codes: string[]) =>
    codes.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: companies.id,
            name: companies.name,
            creditCode: companies.creditCode,
            status: companies.status,
          })
          .from(companies)
          .where(inArray(companies.creditCode, codes)),

  async supplierPage(db: Db, q: z.output<typeof supplierFilter>, page: { offset: number; limit: number }) {
    const [total] = await db.select({ n: count() }).from(companies).where(supplierWhere(q));
    return { rows: await this.suppliers(db, q, page.limit, page.offset), total: total?.n ?? 0 };
  },

  suppliers: (db: Db, q: z.output<typeof supplierFilter>, limit: number, offset = 0) =>
    db
      .select(supplierColumns())
      .from(companies)
      .where(supplierWhere(q))
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(limit)
      .offset(offset),

  supplier: async (db: Db, id: number) =>
    (await db.select(supplierColumns()).from(companies).where(eq(companies.id, id)))[0],
};
