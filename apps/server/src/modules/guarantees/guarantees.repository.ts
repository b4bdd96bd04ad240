import { LIVE_ORDER_STATUSES } from '@lvb/contracts/guarantee-order-workflow';
import { and, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { applicationStatusOf } from '../applications/applications.repository.ts';
import { companySummary } from '../companies/companies.repository.ts';
import { projectBrief, projectOwnerName } from '../projects/projects.repository.ts';
import { guaranteeClaims, guaranteeOrders, guaranteeProducts, letterTemplates } from './guarantees.table.ts';

type Conn = Db | Tx;
export type ProductRow = typeof guaranteeProducts.$inferSelect;
export type NewProduct = typeof guaranteeProducts.$inferInsert;
export type TemplateRow = typeof letterTemplates.$inferSelect;
export type NewTemplate = typeof letterTemplates.$inferInsert;
export type OrderRecord = typeof guaranteeOrders.$inferSelect;
export type ClaimRecord = typeof guaranteeClaims.$inferSelect;

const templateName = sql<string>`(select t.name from letter_templates t where t.id = ${guaranteeProducts.templateId})`;
const orderProject = projectBrief(guaranteeOrders.projectId);

/** An order as the lists show it: with its company, project, beneficiary and product. */
const listed = {
  ...getTableColumns(guaranteeOrders),
  companyName: sql<string>`coalesce(${companySummary(guaranteeOrders.companyId)} ->> 'name', '')`,
  projectName: sql<string>`coalesce(${orderProject} ->> 'name', '')`,
  projectCode: sql<string>`coalesce(${orderProject} ->> 'code', '')`,
  beneficiary: sql<string>`coalesce(${projectOwnerName(guaranteeOrders.projectId)}, '')`,
  bidDeadline: sql<string>`(${orderProject} ->> 'bidDeadline')`,
  productName: sql<string>`(select p.name from guarantee_products p where p.id = ${guaranteeOrders.productId})`,
  productNameZh: sql<string>`(select p.name_zh from guarantee_products p where p.id = ${guaranteeOrders.productId})`,
};
export type ListedOrder = Awaited<ReturnType<typeof listedOrders>>[number];

const listedOrders = (db: Conn, where: SQL | undefined, page: Page) =>
  db
    .select(listed)
    .from(guaranteeOrders)
    .where(where)
    .orderBy(desc(guaranteeOrders.id))
    .limit(page.limit)
    .offset(page.offset);

export interface OrderFilter {
  companyId?: number;
  /** Only orders whose letter was issued (whatever became of it since). */
  lettersOnly?: boolean;
  keyword?: string;
  status?: string;
  kind?: string;
}

/** A claim filed in time holds its letter until it is decided: no release or expiry meanwhile. */
const noOpenClaim = sql`not exists (select 1 from guarantee_claims c where c.order_id = ${guaranteeOrders.id} and c.status = 'filed')`;
const projectStatus = sql`(${orderProject} ->> 'status')`;
const AWARDED = sql.raw(`('awarded', 'contracted', 'accepted', 'completed')`);

/** A claim as the lists show it: with its letter, applicant, project and who filed it. */
const claimOrder = (column: string) =>
  sql.raw(`(select o.${column} from guarantee_orders o where o.id = "guarantee_claims"."order_id")`);
const claimProject = projectBrief(sql`${claimOrder('project_id')}`);
const listedClaim = {
  ...getTableColumns(guaranteeClaims),
  letterNo: sql<string>`coalesce(${claimOrder('letter_no')}, '')`,
  kind: sql<string>`${claimOrder('kind')}`,
  letterAmountFen: sql<number>`${claimOrder('amount_fen')}::float8`,
  companyName: sql<string>`coalesce(${companySummary(sql`${claimOrder('company_id')}`)} ->> 'name', '')`,
  projectId: sql<number>`${claimOrder('project_id')}`,
  projectName: sql<string>`coalesce(${claimProject} ->> 'name', '')`,
  projectCode: sql<string>`coalesce(${claimProject} ->> 'code', '')`,
  beneficiary: sql<string>`coalesce(${projectOwnerName(sql`${claimOrder('project_id')}`)}, '')`,
  filedByName: sql<string>`coalesce(${accountName(guaranteeClaims.filedBy)}, '')`,
};
export type ListedClaim = Awaited<ReturnType<typeof listedClaims>>[number];
const listedClaims = (db: Conn, where: SQL | undefined, page: Page) =>
  db
    .select(listedClaim)
    .from(guaranteeClaims)
    .where(where)
    .orderBy(desc(guaranteeClaims.id))
    .limit(page.limit)
    .offset(page.offset);

/** Queries on the guarantee tables: products, letter templates, orders, claims. */
export const guaranteesRepository = {
  // Templates
  templates: (db: Conn) => db.select().from(letterTemplates).orderBy(desc(letterTemplates.id)),
  async template(db: Conn, id: number): Promise<TemplateRow | undefined> {
    const [row] = await db.select().from(letterTemplates).where(eq(letterTemplates.id, id));
    return row;
  },
  async insertTemplate(tx: Tx, values: NewTemplate): Promise<TemplateRow> {
    const [row] = await tx.insert(letterTemplates).values(values).returning();
    return row!;
  },
  async updateTemplate(tx: Tx, id: number, values: Partial<NewTemplate>): Promise<TemplateRow | undefined> {
    const [row] = await tx
      .update(letterTemplates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(letterTemplates.id, id))
      .returning();
    return row;
  },
  async removeTemplate(tx: Tx, id: number): Promise<boolean> {
    return (await tx.delete(letterTemplates).where(eq(letterTemplates.id, id)).returning()).length === 1;
  },
  async productsUsing(db: Conn, templateId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(guaranteeProducts)
      .where(eq(guaranteeProducts.templateId, templateId));
    return row?.n ?? 0;
  },

  // Products
  products: (db: Conn, f: { onShelf?: boolean; kind?: string } = {}) =>
    db
      .select({ ...getTableColumns(guaranteeProducts), templateName })
      .from(guaranteeProducts)
      .where(
        and(
          f.onShelf === undefined ? undefined : eq(guaranteeProducts.onShelf, f.onShelf),
          f.kind ? eq(guaranteeProducts.kind, f.kind) : undefined,
        ),
      )
      .orderBy(desc(guaranteeProducts.id)),
  async product(db: Conn, id: number) {
    const [row] = await db
      .select({ ...getTableColumns(guaranteeProducts), templateName })
      .from(guaranteeProducts)
      .where(eq(guaranteeProducts.id, id));
    return row;
  },
  async insertProduct(tx: Tx, values: NewProduct): Promise<number> {
    const [row] = await tx.insert(guaranteeProducts).values(values).returning({ id: guaranteeProducts.id });
    return row!.id;
  },
  async updateProduct(tx: Tx, id: number, values: Partial<NewProduct>): Promise<boolean> {
    const rows = await tx
      .update(guaranteeProducts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(guaranteeProducts.id, id))
      .returning({ id: guaranteeProducts.id });
    return rows.length === 1;
  },
  async removeProduct(tx: Tx, id: number): Promise<boolean> {
    return (await tx.delete(guaranteeProducts).where(eq(guaranteeProducts.id, id)).returning()).length === 1;
  },
  async ordersUsing(db: Conn, productId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(guaranteeOrders).where(eq(guaranteeOrders.productId, productId));
    return row?.n ?? 0;
  },

  // Orders
  async insertOrder(tx: Tx, values: typeof guaranteeOrders.$inferInsert): Promise<OrderRecord> {
    const [row] = await tx.insert(guaranteeOrders).values(values).returning();
    return row!;
  },
  async order(db: Conn, id: number, companyId?: number): Promise<OrderRecord | undefined> {
    const [row] = await db
      .select()
      .from(guaranteeOrders)
      .where(
        and(eq(guaranteeOrders.id, id), companyId === undefined ? undefined : eq(guaranteeOrders.companyId, companyId)),
      );
    return row;
  },
  /** The order read under its row lock, for a step that writes beside it (a claim). */
  async lockOrder(tx: Tx, id: number): Promise<OrderRecord | undefined> {
    const [row] = await tx.select().from(guaranteeOrders).where(eq(guaranteeOrders.id, id)).for('update');
    return row;
  },
  async listedOrder(db: Conn, id: number): Promise<ListedOrder | undefined> {
    const [row] = await listedOrders(db, eq(guaranteeOrders.id, id), { limit: 1, offset: 0 });
    return row;
  },
  async orderPage(db: Conn, f: OrderFilter, page: Page) {
    const where = and(
      f.companyId === undefined ? undefined : eq(guaranteeOrders.companyId, f.companyId),
      f.lettersOnly ? isNotNull(guaranteeOrders.letterNo) : undefined,
      f.status ? eq(guaranteeOrders.status, f.status) : undefined,
      f.kind ? eq(guaranteeOrders.kind, f.kind) : undefined,
      f.keyword
        ? or(
            ilike(guaranteeOrders.orderNo, containing(f.keyword)),
            ilike(guaranteeOrders.letterNo, containing(f.keyword)),
            ilike(listed.companyName, containing(f.keyword)),
            ilike(listed.projectName, containing(f.keyword)),
            ilike(listed.projectCode, containing(f.keyword)),
          )
        : undefined,
    );
    const [total] = await db.select({ n: count() }).from(guaranteeOrders).where(where);
    return { rows: await listedOrders(db, where, page), total: total?.n ?? 0 };
  },
  /** The live order of an application for a kind, if any. */
  async liveOf(db: Conn, applicationId: number, kind: string) {
    const [row] = await db
      .select({ id: guaranteeOrders.id })
      .from(guaranteeOrders)
      .where(
        and(
          eq(guaranteeOrders.applicationId, applicationId),
          eq(guaranteeOrders.kind, kind),
          inArray(guaranteeOrders.status, [...LIVE_ORDER_STATUSES]),
        ),
      );
    return row;
  },
  /** Records the issued letter on the order, once. */
  async recordLetter(
    tx: Tx,
    id: number,
    l: {
      letterNo: string;
      verifyCode: string;
      letterFile: string;
      letterSha256: string;
      validFrom: string;
      validTo: string;
      issuedAt: Date;
    },
  ): Promise<boolean> {
    const rows = await tx
      .update(guaranteeOrders)
      .set({ ...l, updatedAt: sql`now()` })
      .where(and(eq(guaranteeOrders.id, id), sql`${guaranteeOrders.letterFile} is null`))
      .returning({ id: guaranteeOrders.id });
    return rows.length === 1;
  },
  async byLetterNo(db: Conn, letterNo: string): Promise<ListedOrder | undefined> {
    const [row] = await listedOrders(db, eq(guaranteeOrders.letterNo, letterNo), { limit: 1, offset: 0 });
    return row;
  },
  async bySha256(db: Conn, sha256: string) {
    const [row] = await db
      .select({ letterNo: guaranteeOrders.letterNo, status: guaranteeOrders.status })
      .from(guaranteeOrders)
      .where(eq(guaranteeOrders.letterSha256, sha256))
      .limit(1);
    return row;
  },

  /** The company's issued bid letters for a project (any of its applications), newest first. */
  issuedBidLetters(db: Conn, companyId: number, projectId: number) {
    return db
      .select({
        id: guaranteeOrders.id,
        letterNo: guaranteeOrders.letterNo,
        amountFen: guaranteeOrders.amountFen,
        validFrom: guaranteeOrders.validFrom,
        validTo: guaranteeOrders.validTo,
      })
      .from(guaranteeOrders)
      .where(
        and(
          eq(guaranteeOrders.companyId, companyId),
          eq(guaranteeOrders.projectId, projectId),
          eq(guaranteeOrders.kind, 'bid'),
          eq(guaranteeOrders.status, 'issued'),
          isNotNull(guaranteeOrders.letterNo),
        ),
      )
      .orderBy(desc(guaranteeOrders.id));
  },

  /**
   * The scheduler's conditions over issued orders. Released: a bid letter whose project failed or
   * was cancelled, or was awarded to another company (its application did not win). Expired: the
   * letter's last day (`valid_to`, inclusive) is before the platform's date by the business clock.
   */
  releaseDue: (): SQL =>
    and(
      eq(guaranteeOrders.kind, 'bid'),
      noOpenClaim,
      or(
        sql`${projectStatus} in ('failed', 'cancelled')`,
        sql`${projectStatus} in ${AWARDED} and ${applicationStatusOf(guaranteeOrders.applicationId)} not in ('won', 'confirmed')`,
      ),
    )!,
  expireDue: (timeZone: string): SQL =>
    and(sql`${guaranteeOrders.validTo} < (app_now() at time zone ${timeZone})::date`, noOpenClaim)!,

  /** How many orders are in `status` (guarantee staff see every order). */
  async orderCount(db: Conn, status: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(guaranteeOrders).where(eq(guaranteeOrders.status, status));
    return row?.n ?? 0;
  },
  /** The company's orders counted by status. */
  ordersByStatusOfCompany: (db: Conn, companyId: number) =>
    db
      .select({ status: guaranteeOrders.status, count: count() })
      .from(guaranteeOrders)
      .where(eq(guaranteeOrders.companyId, companyId))
      .groupBy(guaranteeOrders.status)
      .orderBy(guaranteeOrders.status),
  /**
   * The letters issued in each month (`YYYY-MM` in `timeZone`) from `since` on: how many, and
   * their premiums (fen).
   */
  async issuedByMonth(db: Conn, timeZone: string, since: SQL) {
    const rows = await db
      .select({
        month: sql<string>`to_char(${guaranteeOrders.issuedAt} at time zone ${timeZone}, 'YYYY-MM')`,
        premium: sql<number>`coalesce(sum(${guaranteeOrders.premiumFen}), 0)::float8`.mapWith(Number),
        letters: count(),
      })
      .from(guaranteeOrders)
      .where(and(isNotNull(guaranteeOrders.letterNo), sql`${guaranteeOrders.issuedAt} >= ${since}`))
      // By the first column: the month's expression carries a parameter, numbered apart in GROUP BY.
      .groupBy(sql`1`);
    return new Map(rows.map((r) => [r.month, { premium: r.premium, letters: r.letters }]));
  },
  /** Every letter issued, counted by its kind. */
  lettersByKind: (db: Conn) =>
    db
      .select({ kind: guaranteeOrders.kind, count: count() })
      .from(guaranteeOrders)
      .where(isNotNull(guaranteeOrders.letterNo))
      .groupBy(guaranteeOrders.kind)
      .orderBy(guaranteeOrders.kind),

  // Claims
  async insertClaim(tx: Tx, values: typeof guaranteeClaims.$inferInsert): Promise<ClaimRecord> {
    const [row] = await tx.insert(guaranteeClaims).values(values).returning();
    return row!;
  },
  async claim(db: Conn, id: number): Promise<ClaimRecord | undefined> {
    const [row] = await db.select().from(guaranteeClaims).where(eq(guaranteeClaims.id, id));
    return row;
  },
  async listedClaim(db: Conn, id: number): Promise<ListedClaim | undefined> {
    const [row] = await listedClaims(db, eq(guaranteeClaims.id, id), { limit: 1, offset: 0 });
    return row;
  },
  /** The claims on one order's letter, newest first. */
  claimsOf: (db: Conn, orderId: number) =>
    listedClaims(db, eq(guaranteeClaims.orderId, orderId), { limit: 100, offset: 0 }),
  async claimPage(db: Conn, f: { keyword?: string; status?: string }, page: Page) {
    const where = and(
      f.status ? eq(guaranteeClaims.status, f.status) : undefined,
      f.keyword
        ? or(
            ilike(guaranteeClaims.claimNo, containing(f.keyword)),
            ilike(listedClaim.letterNo, containing(f.keyword)),
            ilike(listedClaim.companyName, containing(f.keyword)),
            ilike(listedClaim.projectName, containing(f.keyword)),
            ilike(listedClaim.projectCode, containing(f.keyword)),
          )
        : undefined,
    );
    const [total] = await db.select({ n: count() }).from(guaranteeClaims).where(where);
    return { rows: await listedClaims(db, where, page), total: total?.n ?? 0 };
  },
  /** How many claims wait for staff's decision (guarantee staff see every claim). */
  async filedClaimCount(db: Conn): Promise<number> {
    const [row] = await db.select({ n: count() }).from(guaranteeClaims).where(eq(guaranteeClaims.status, 'filed'));
    return row?.n ?? 0;
  },
  /** Whether the order's letter has a claim waiting for its decision. */
  async openClaimOf(db: Conn, orderId: number) {
    const [row] = await db
      .select({ id: guaranteeClaims.id })
      .from(guaranteeClaims)
      .where(and(eq(guaranteeClaims.orderId, orderId), eq(guaranteeClaims.status, 'filed')));
    return row;
  },
};
