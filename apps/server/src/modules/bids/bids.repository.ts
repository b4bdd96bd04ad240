import { databaseInstant } from '../../lib/clock.ts';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { companySummary } from '../companies/companies.repository.ts';
import { bids, openings, openingWitnesses, projectBidKeys, projectTieSeeds } from './bids.table.ts';

type Conn = Db | Tx;
export type BidRow = typeof bids.$inferSelect;
export type OpeningRow = typeof openings.$inferSelect;

/** Advisory-lock namespace of bid submissions (the second key is the application's id). */
const SUBMISSION_LOCK = 7272;

/** What a receipt shows of a bid: no price. */
const receiptColumns = {
  bidId: bids.id,
  projectId: bids.projectId,
  applicationId: bids.applicationId,
  submittedAt: bids.submittedAt,
  receiptHash: bids.receiptHash,
  companyName: sql<string>`coalesce(${companySummary(bids.companyId)} ->> 'name', '')`,
};
export type ReceiptRow = {
  bidId: number;
  projectId: number;
  applicationId: number;
  submittedAt: Date;
  receiptHash: string;
  companyName: string;
};

/** Queries on the sealed bids, their keys, witnesses and openings; the only place that touches them. */
export const bidsRepository = {
  /** The business clock as it is now, not as the transaction began: a deadline is judged by it. */
  clock: (db: Conn): Promise<Date> => databaseInstant(db),

  /**
   * Serialises the submissions of one application until the transaction ends: the supersession
   * of its live bid and the check of its idempotency key see each other's writes.
   */
  async lockApplication(tx: Tx, applicationId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUBMISSION_LOCK}, ${applicationId})`);
  },

  /** The project's sealed tie seed and its commitment, if its announcement made one. */
  async tieSeed(db: Conn, projectId: number) {
    const [row] = await db.select().from(projectTieSeeds).where(eq(projectTieSeeds.projectId, projectId));
    return row;
  },
  /** Keeps the first tie seed of a project (a re-publication keeps it). */
  async insertTieSeed(tx: Tx, projectId: number, sealedSeed: string, commitment: string) {
    await tx.insert(projectTieSeeds).values({ projectId, sealedSeed, commitment }).onConflictDoNothing();
    return (await bidsRepository.tieSeed(tx, projectId))!;
  },
  async wrappedKey(db: Conn, projectId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ wrapped: projectBidKeys.wrappedKey })
      .from(projectBidKeys)
      .where(eq(projectBidKeys.projectId, projectId));
    return row?.wrapped;
  },

  /** Stores a project's wrapped key unless one is there; answers the one that is kept. */
  async keepWrappedKey(tx: Tx, projectId: number, wrapped: string): Promise<string> {
    await tx.insert(projectBidKeys).values({ projectId, wrappedKey: wrapped }).onConflictDoNothing();
    return (await bidsRepository.wrappedKey(tx, projectId))!;
  },

  async byIdempotencyKey(db: Conn, applicationId: number, key: string): Promise<BidRow | undefined> {
    const [row] = await db
      .select()
      .from(bids)
      .where(and(eq(bids.applicationId, applicationId), eq(bids.idempotencyKey, key)));
    return row;
  },

  /** The id of the application's live bid, if it has one. */
  async liveOf(db: Conn, applicationId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.applicationId, applicationId), isNull(bids.supersededAt)));
    return row?.id;
  },

  /** Marks the application's live bid superseded; answers its id when there was one. */
  async supersede(tx: Tx, applicationId: number, at: Date): Promise<number | undefined> {
    const [row] = await tx
      .update(bids)
      .set({ supersededAt: at })
      .where(and(eq(bids.applicationId, applicationId), isNull(bids.supersededAt)))
      .returning({ id: bids.id });
    return row?.id;
  },

  async insert(tx: Tx, values: typeof bids.$inferInsert): Promise<BidRow> {
    const [row] = await tx.insert(bids).values(values).returning();
    return row!;
  },

  async receipt(db: Conn, bidId: number): Promise<(ReceiptRow & { companyId: number }) | undefined> {
    const [row] = await db
      .select({ ...receiptColumns, companyId: bids.companyId })
      .from(bids)
      .where(eq(bids.id, bidId));
    return row;
  },

  /** The live bids' receipts of these applications. */
  liveReceipts(db: Conn, applicationIds: number[]): Promise<ReceiptRow[]> {
    if (applicationIds.length === 0) return Promise.resolve([]);
    return db
      .select(receiptColumns)
      .from(bids)
      .where(and(inArray(bids.applicationId, applicationIds), isNull(bids.supersededAt)));
  },

  /** Every live bid of a project, sealed, with its company's name, oldest first. */
  liveOfProject(tx: Conn, projectId: number) {
    return tx
      .select({
        id: bids.id,
        applicationId: bids.applicationId,
        companyId: bids.companyId,
        companyName: receiptColumns.companyName,
        priceCipher: bids.priceCipher,
        receiptHash: bids.receiptHash,
        submittedAt: bids.submittedAt,
      })
      .from(bids)
      .where(and(eq(bids.projectId, projectId), isNull(bids.supersededAt)))
      .orderBy(bids.submittedAt, bids.id);
  },

  /** Confirms a supervisor's presence at a project's opening, or renews it. */
  async witness(tx: Tx, projectId: number, userId: number): Promise<Date> {
    const [row] = await tx
      .insert(openingWitnesses)
      .values({ projectId, userId, signedAt: sql`app_now()` })
      .onConflictDoUpdate({
        target: [openingWitnesses.projectId, openingWitnesses.userId],
        set: { signedAt: sql`app_now()` },
      })
      .returning({ signedAt: openingWitnesses.signedAt });
    return row!.signedAt;
  },

  /** The witnesses of these projects, newest presence first. */
  witnessesOf(db: Conn, projectIds: number[]) {
    if (projectIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        projectId: openingWitnesses.projectId,
        userId: openingWitnesses.userId,
        name: accountName(openingWitnesses.userId),
        signedAt: openingWitnesses.signedAt,
      })
      .from(openingWitnesses)
      .where(inArray(openingWitnesses.projectId, projectIds))
      .orderBy(desc(openingWitnesses.signedAt));
  },

  /** Writes the opening record unless the project has one; answers it only when this call wrote it. */
  async insertOpening(tx: Tx, values: typeof openings.$inferInsert): Promise<OpeningRow | undefined> {
    const [row] = await tx.insert(openings).values(values).onConflictDoNothing().returning();
    return row;
  },

  async opening(db: Conn, projectId: number): Promise<OpeningRow | undefined> {
    const [row] = await db.select().from(openings).where(eq(openings.projectId, projectId));
    return row;
  },

  /** When each of these projects was opened (absent: not yet). */
  async openedAt(db: Conn, projectIds: number[]): Promise<Map<number, Date>> {
    if (projectIds.length === 0) return new Map();
    const rows = await db
      .select({ projectId: openings.projectId, openedAt: openings.openedAt })
      .from(openings)
      .where(inArray(openings.projectId, projectIds));
    return new Map(rows.map((r) => [r.projectId, r.openedAt]));
  },

  /** The opened projects among those `visible` selects (a subquery of ids), newest opening first. */
  async openedPage(db: Conn, visible: SQL, page: { limit: number; offset: number }) {
    const where = sql`${openings.projectId} in ${visible}`;
    const rows = await db
      .select({ projectId: openings.projectId })
      .from(openings)
      .where(where)
      .orderBy(desc(openings.openedAt))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${openings} where ${where}`);
    return { ids: rows.map((r) => r.projectId), total: total?.n ?? 0 };
  },
};
