import { databaseInstant } from '../../lib/clock.ts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { companySummary } from '../companies/companies.repository.ts';
import { projectBrief } from '../projects/projects.repository.ts';
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

/**
 * What the opening record says of one bid (`field` of its entry in `record.bids`): read only from
 * the record written at the opening, so nothing here opens a sealed price. A bid replaced before
 * the deadline is not in the record (only live bids are opened), and answers null.
 */
const openedField = (field: 'priceFen' | 'rank', cast: 'float8' | 'int') =>
  sql`(select (e ->> ${field})::${sql.raw(cast)} from jsonb_array_elements(${openings.record} -> 'bids') e
    where (e ->> 'bidId')::int = ${bids.id} and ${bids.supersededAt} is null)`;
const bidProject = projectBrief(bids.projectId);

/** A bid as the bid records (seach/bidhistory) list it: its project, company, and price once opened. */
const bidRecordColumns = {
  id: bids.id,
  projectId: bids.projectId,
  projectCode: sql<string>`coalesce(${bidProject} ->> 'code', '')`,
  projectName: sql<string>`coalesce(${bidProject} ->> 'name', '')`,
  model: sql<number>`(${bidProject} ->> 'model')::int`.mapWith(Number),
  companyId: bids.companyId,
  companyName: receiptColumns.companyName,
  submittedAt: bids.submittedAt,
  replaced: sql<boolean>`${bids.supersededAt} is not null`,
  openedAt: openings.openedAt,
  price: sql<number | null>`${openedField('priceFen', 'float8')}`.mapWith(Number),
  rank: sql<number | null>`${openedField('rank', 'int')}`.mapWith(Number),
};

/** The bid records' filters; the days of `beginTime` and `endTime` are the platform's (`timeZone`). */
export interface BidRecordFilter {
  /** The projects the reader may see, of the model asked for (the projects module's subquery). */
  projectIds: SQL;
  /** With `keyword`: the projects whose code or name holds it; a bid matches by them or its company's name. */
  keywordProjectIds?: SQL;
  keyword?: string;
  projectId?: number;
  beginTime?: string;
  endTime?: string;
  opened?: '0' | '1';
  timeZone: string;
}
const bidRecordWhere = (f: BidRecordFilter): SQL | undefined =>
  and(
    sql`${bids.projectId} in ${f.projectIds}`,
    f.projectId ? eq(bids.projectId, f.projectId) : undefined,
    f.keyword
      ? or(
          f.keywordProjectIds ? sql`${bids.projectId} in ${f.keywordProjectIds}` : undefined,
          ilike(receiptColumns.companyName, containing(f.keyword)),
        )
      : undefined,
    f.beginTime ? sql`${bids.submittedAt} >= (${f.beginTime}::date)::timestamp at time zone ${f.timeZone}` : undefined,
    f.endTime ? sql`${bids.submittedAt} < (${f.endTime}::date + 1)::timestamp at time zone ${f.timeZone}` : undefined,
    f.opened === '1' ? isNotNull(openings.projectId) : f.opened === '0' ? isNull(openings.projectId) : undefined,
  );

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

  /** The ids of the projects whose bids were opened, as a subquery (`id not in …`). */
  openedProjectIds: (): SQL => sql`(select ${openings.projectId} from ${openings})`,

  /**
   * One page of sealed bids (seach/bidhistory), newest submission first, each with its price and
   * rank from the opening record once its project was opened; `count: false` leaves the total out.
   */
  async bidRecordPage(db: Conn, f: BidRecordFilter, page: Page, o: { count: boolean }) {
    const where = bidRecordWhere(f);
    const rows = await db
      .select(bidRecordColumns)
      .from(bids)
      .leftJoin(openings, eq(openings.projectId, bids.projectId))
      .where(where)
      .orderBy(desc(bids.submittedAt), desc(bids.id))
      .limit(page.limit)
      .offset(page.offset);
    if (!o.count) return { rows, total: rows.length };
    const [total] = await db
      .select({ n: count() })
      .from(bids)
      .leftJoin(openings, eq(openings.projectId, bids.projectId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * A company's bids: `submitted` every bid it made (replaced ones too), `sealed` its live bids in
   * the projects of `unopened` (a subquery of ids of projects still taking or awaiting bids) whose
   * bids are not opened yet.
   */
  async companyBidCounts(db: Conn, companyId: number, unopened: SQL): Promise<{ submitted: number; sealed: number }> {
    const [row] = await db
      .select({
        submitted: count(),
        sealed: sql<number>`count(*) filter (where ${bids.supersededAt} is null and ${bids.projectId} in ${unopened}
          and ${bids.projectId} not in (select ${openings.projectId} from ${openings}))`.mapWith(Number),
      })
      .from(bids)
      .where(eq(bids.companyId, companyId));
    return row ?? { submitted: 0, sealed: 0 };
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
