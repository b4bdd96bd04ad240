import { OPEN_OBJECTION_STATUSES } from '@lvb/contracts/objection-workflow';
import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { projectBrief } from '../projects/projects.repository.ts';
import { acceptances, objections, projectContracts, resultConfirmations, serviceFees } from './results.table.ts';

type Conn = Db | Tx;
export type ContractRow = typeof projectContracts.$inferSelect;
export type FeeRow = typeof serviceFees.$inferSelect;
export type AcceptanceRow = typeof acceptances.$inferSelect;

const byProject = <T extends { projectId: number }>(rows: T[]) => new Map(rows.map((r) => [r.projectId, r]));
const feeProject = projectBrief(serviceFees.projectId);

/**
 * Queries on what follows the award (contracts, service fees, acceptances) and the batch reads of
 * the result lists (the current confirmation and the objections of a page of projects).
 */
export const completionRepository = {
  async contract(db: Conn, projectId: number) {
    const [row] = await db
      .select({ ...getTableColumns(projectContracts), by: accountName(projectContracts.recordedBy) })
      .from(projectContracts)
      .where(eq(projectContracts.projectId, projectId));
    return row;
  },
  insertContract: (tx: Tx, values: typeof projectContracts.$inferInsert) => tx.insert(projectContracts).values(values),

  async acceptance(db: Conn, projectId: number) {
    const [row] = await db
      .select({ ...getTableColumns(acceptances), by: accountName(acceptances.recordedBy) })
      .from(acceptances)
      .where(eq(acceptances.projectId, projectId));
    return row;
  },
  insertAcceptance: (tx: Tx, values: typeof acceptances.$inferInsert) => tx.insert(acceptances).values(values),

  async fee(db: Conn, projectId: number): Promise<FeeRow | undefined> {
    const [row] = await db.select().from(serviceFees).where(eq(serviceFees.projectId, projectId));
    return row;
  },
  async feeById(db: Conn, id: number): Promise<FeeRow | undefined> {
    const [row] = await db.select().from(serviceFees).where(eq(serviceFees.id, id));
    return row;
  },
  async insertFee(tx: Tx, values: typeof serviceFees.$inferInsert): Promise<FeeRow> {
    const [row] = await tx.insert(serviceFees).values(values).returning();
    return row!;
  },
  /** Records the issued award notice on the fee, once (a notice already recorded is kept). */
  async recordNotice(
    tx: Tx,
    id: number,
    notice: { noticeNo: string; noticeFile: string; noticeSha256: string; noticeBytes: number; issuedAt: Date },
  ): Promise<boolean> {
    const rows = await tx
      .update(serviceFees)
      .set({
        noticeNo: notice.noticeNo,
        noticeFile: notice.noticeFile,
        noticeSha256: notice.noticeSha256,
        noticeBytes: notice.noticeBytes,
        noticeIssuedAt: notice.issuedAt,
        updatedAt: sql`now()`,
      })
      .where(and(eq(serviceFees.id, id), sql`${serviceFees.noticeFile} is null`))
      .returning({ id: serviceFees.id });
    return rows.length === 1;
  },

  /** One page of fees, newest first, of the projects `projectScope` (a subquery of ids) holds. */
  async feePage(db: Db, f: { keyword?: string; status?: string; projectScope?: SQL }, page: Page) {
    const cond = and(
      f.status ? eq(serviceFees.status, f.status) : undefined,
      f.projectScope ? sql`${serviceFees.projectId} in ${f.projectScope}` : undefined,
      f.keyword
        ? or(
            ilike(sql`${feeProject} ->> 'name'`, containing(f.keyword)),
            ilike(sql`${feeProject} ->> 'code'`, containing(f.keyword)),
          )
        : undefined,
    );
    const [total] = await db.select({ n: count() }).from(serviceFees).where(cond);
    const rows = await db
      .select()
      .from(serviceFees)
      .where(cond)
      .orderBy(desc(serviceFees.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: total?.n ?? 0 };
  },

  /** How many service fees of the projects `projectIds` (a subquery of ids) are in `status`. */
  async feeCount(db: Conn, status: string, projectIds: SQL): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(serviceFees)
      .where(and(eq(serviceFees.status, status), sql`${serviceFees.projectId} in ${projectIds}`));
    return row?.n ?? 0;
  },

  /** The current (last) confirmation of each of these projects. */
  async lastConfirmations(db: Conn, projectIds: number[]) {
    if (projectIds.length === 0) return new Map<number, typeof resultConfirmations.$inferSelect>();
    const rows = await db
      .selectDistinctOn([resultConfirmations.projectId])
      .from(resultConfirmations)
      .where(inArray(resultConfirmations.projectId, projectIds))
      .orderBy(resultConfirmations.projectId, desc(resultConfirmations.id));
    return byProject(rows);
  },

  /** Each project's objections: how many, and how many not decided. */
  async objectionCounts(db: Conn, projectIds: number[]) {
    if (projectIds.length === 0) return new Map<number, { projectId: number; all: number; open: number }>();
    const rows = await db
      .select({
        projectId: objections.projectId,
        all: count(),
        open: sql<number>`count(*) filter (where ${inArray(objections.status, [...OPEN_OBJECTION_STATUSES])})`.mapWith(
          Number,
        ),
      })
      .from(objections)
      .where(inArray(objections.projectId, projectIds))
      .groupBy(objections.projectId);
    return byProject(rows);
  },

  async contractsOf(db: Conn, projectIds: number[]) {
    if (projectIds.length === 0) return new Map<number, ContractRow>();
    return byProject(await db.select().from(projectContracts).where(inArray(projectContracts.projectId, projectIds)));
  },
  async feesOf(db: Conn, projectIds: number[]) {
    if (projectIds.length === 0) return new Map<number, FeeRow>();
    return byProject(await db.select().from(serviceFees).where(inArray(serviceFees.projectId, projectIds)));
  },
  async acceptancesOf(db: Conn, projectIds: number[]) {
    if (projectIds.length === 0) return new Map<number, AcceptanceRow>();
    return byProject(await db.select().from(acceptances).where(inArray(acceptances.projectId, projectIds)));
  },
};
