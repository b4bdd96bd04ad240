import { LIVE_ORDER_STATUSES } from '@lvb/contracts/guarantee-order-workflow';
import { and, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { companySummary } from '../companies/companies.repository.ts';
import { projectBrief, projectOwnerName } from '../projects/projects.repository.ts';
import { guaranteeOrders, guaranteeProducts, letterTemplates } from './guarantees.table.ts';

type Conn = Db | Tx;
export type ProductRow = typeof guaranteeProducts.$inferSelect;
export type NewProduct = typeof guaranteeProducts.$inferInsert;
export type TemplateRow = typeof letterTemplates.$inferSelect;
export type NewTemplate = typeof letterTemplates.$inferInsert;
export type OrderRecord = typeof guaranteeOrders.$inferSelect;

const templateName = sql<string>`(select t.name from letter_templates t where t.id = ${guaranteeProducts.templateId})`;
const orderProject = projectBrief(guaranteeOrders.projectId);

/** An order as the lists show it: with its company, project, beneficiary and product. */
const listed = {
  ...getTableColumns(guaranteeOrders),
  companyName: sql<string>`coalesce(${companySummary(guaranteeOrders.companyId)} ->> 'name', '')`,
  projectName: sql<string>`coalesce(${orderProject} ->> 'name', '')`,
  projectCode: sql<string>`coalesce(${orderProject} ->> 'code', '')`,
  beneficiary: sql<string>`coalesce(${projectOwnerName(guaranteeOrders.projectId)}, '')`,
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

/** Queries on the guarantee tables: products, letter templates, orders. */
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
};
