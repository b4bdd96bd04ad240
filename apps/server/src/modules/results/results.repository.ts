import { OPEN_OBJECTION_STATUSES } from '@lvb/contracts/objection-workflow';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { objections, resultConfirmations, resultPasses } from './results.table.ts';

type Conn = Db | Tx;
export type ConfirmationRow = typeof resultConfirmations.$inferSelect;
export type ObjectionRow = typeof objections.$inferSelect;

const OPEN = sql.raw(OPEN_OBJECTION_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The awarded amount (fen) of the project `projectId`: the winner's price as its owner confirmed
 * and signed it, in the last confirmation (a passed-on result is confirmed again); null before one.
 */
export const awardedAmountOf = (projectId: AnyColumn | SQL) =>
  sql<number | null>`(select rc.amount_fen from result_confirmations rc
    where rc.project_id = ${qualified(projectId)} order by rc.id desc limit 1)`;

/** Queries on the results' own tables: confirmations, passes, objections. */
export const resultsRepository = {
  /**
   * The projects table's condition "no objection open" for the award's `due` (it runs in the
   * scheduler's select over projects, whose `id` it names).
   */
  noOpenObjection: (): SQL =>
    sql`not exists (select 1 from ${objections} o where o.project_id = projects.id and o.status in (${OPEN}))`,

  async insertConfirmation(tx: Tx, values: typeof resultConfirmations.$inferInsert): Promise<ConfirmationRow> {
    const [row] = await tx.insert(resultConfirmations).values(values).returning();
    return row!;
  },

  /** The project's current (last) confirmation, with the name of the account that signed it. */
  async lastConfirmation(db: Conn, projectId: number): Promise<(ConfirmationRow & { by: string }) | undefined> {
    const [row] = await db
      .select({ ...getTableColumns(resultConfirmations), by: accountName(resultConfirmations.confirmedBy) })
      .from(resultConfirmations)
      .where(eq(resultConfirmations.projectId, projectId))
      .orderBy(desc(resultConfirmations.id))
      .limit(1);
    return row;
  },

  async passed(db: Conn, projectId: number): Promise<Set<number>> {
    const rows = await db
      .select({ id: resultPasses.applicationId })
      .from(resultPasses)
      .where(eq(resultPasses.projectId, projectId));
    return new Set(rows.map((r) => r.id));
  },

  pass: (tx: Tx, projectId: number, applicationId: number) =>
    tx.insert(resultPasses).values({ projectId, applicationId }).onConflictDoNothing(),

  async insertObjection(tx: Tx, values: typeof objections.$inferInsert): Promise<ObjectionRow> {
    const [row] = await tx.insert(objections).values(values).returning();
    return row!;
  },

  async objection(db: Conn, id: number): Promise<ObjectionRow | undefined> {
    const [row] = await db.select().from(objections).where(eq(objections.id, id));
    return row;
  },

  async objectionOf(db: Conn, projectId: number, companyId: number): Promise<ObjectionRow | undefined> {
    const [row] = await db
      .select()
      .from(objections)
      .where(and(eq(objections.projectId, projectId), eq(objections.companyId, companyId)));
    return row;
  },

  objectionsOf: (db: Conn, projectId: number, companyId?: number): Promise<ObjectionRow[]> =>
    db
      .select()
      .from(objections)
      .where(and(eq(objections.projectId, projectId), companyId ? eq(objections.companyId, companyId) : undefined))
      .orderBy(asc(objections.id)),

  /** How many objections of the projects `projectIds` (a subquery of ids) are still open. */
  async openObjectionCount(db: Conn, projectIds: SQL): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(objections)
      .where(
        and(sql`${objections.projectId} in ${projectIds}`, inArray(objections.status, [...OPEN_OBJECTION_STATUSES])),
      );
    return row?.n ?? 0;
  },

  async openCount(db: Conn, projectId: number): Promise<number> {
    const rows = await db
      .select({ id: objections.id })
      .from(objections)
      .where(and(eq(objections.projectId, projectId), inArray(objections.status, [...OPEN_OBJECTION_STATUSES])));
    return rows.length;
  },
};
