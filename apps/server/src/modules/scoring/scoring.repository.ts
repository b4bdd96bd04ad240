import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { panelDraws, scores, scoringPanel, scoringResults } from './scoring.table.ts';

type Conn = Db | Tx;
export type ResultRow = typeof scoringResults.$inferSelect;
export type PanelDrawRow = typeof panelDraws.$inferSelect;
export interface ScoreRow {
  userId: number;
  bidId: number;
  criterion: number;
  score: number;
}

/** Advisory-lock namespace of a project's scoring (the second key is the project's id). */
const SCORING_LOCK = 7373;

/** Queries on the scoring panels, their scores and the finalised rankings. */
export const scoringRepository = {
  /** The ids of the projects whose panel `userId` sits on, as a subquery. */
  memberOf: (userId: number): SQL =>
    sql`select ${scoringPanel.projectId} from ${scoringPanel} where ${scoringPanel.userId} = ${userId}`,

  /** Per project: the panel's size, how many submitted, and whether `userId` sits on it (and submitted). */
  async panelSummaries(db: Conn, projectIds: number[], userId: number) {
    if (projectIds.length === 0) return [];
    return db
      .select({
        projectId: scoringPanel.projectId,
        size: count(),
        submitted: sql<number>`count(${scoringPanel.submittedAt})::int`,
        member: sql<boolean>`bool_or(${scoringPanel.userId} = ${userId})`,
        mySubmitted: sql<boolean>`bool_or(${scoringPanel.userId} = ${userId} and ${scoringPanel.submittedAt} is not null)`,
      })
      .from(scoringPanel)
      .where(inArray(scoringPanel.projectId, projectIds))
      .groupBy(scoringPanel.projectId);
  },

  /** When each of these projects' ranking was finalised. */
  async finalisedAt(db: Conn, projectIds: number[]): Promise<Map<number, Date>> {
    if (projectIds.length === 0) return new Map();
    const rows = await db
      .select({ projectId: scoringResults.projectId, at: scoringResults.finalisedAt })
      .from(scoringResults)
      .where(inArray(scoringResults.projectId, projectIds));
    return new Map(rows.map((r) => [r.projectId, r.at]));
  },

  /** A page of finalised projects among `visible` (a subquery of project ids), latest first. */
  async finalisedPage(db: Conn, visible: SQL, page: { limit: number; offset: number }) {
    const where = sql`${scoringResults.projectId} in (${visible})`;
    const [rows, [total]] = await Promise.all([
      db
        .select({ projectId: scoringResults.projectId })
        .from(scoringResults)
        .where(where)
        .orderBy(desc(scoringResults.finalisedAt))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(scoringResults).where(where),
    ]);
    return { ids: rows.map((r) => r.projectId), total: total?.n ?? 0 };
  },

  /** Serialises the panel's changes, the submissions and the finalisation of one project. */
  async lock(tx: Tx, projectId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCORING_LOCK}, ${projectId})`);
  },

  panel(db: Conn, projectId: number) {
    return db
      .select({
        userId: scoringPanel.userId,
        name: accountName(scoringPanel.userId),
        submittedAt: scoringPanel.submittedAt,
      })
      .from(scoringPanel)
      .where(eq(scoringPanel.projectId, projectId))
      .orderBy(asc(scoringPanel.userId));
  },

  async replacePanel(tx: Tx, projectId: number, userIds: number[]): Promise<void> {
    await tx.delete(scoringPanel).where(eq(scoringPanel.projectId, projectId));
    await tx.insert(scoringPanel).values(userIds.map((userId) => ({ projectId, userId })));
  },

  /** Marks the member's scores submitted unless they were; answers whether this call did. */
  async markSubmitted(tx: Tx, projectId: number, userId: number): Promise<boolean> {
    const rows = await tx
      .update(scoringPanel)
      .set({ submittedAt: sql`app_now()` })
      .where(
        and(eq(scoringPanel.projectId, projectId), eq(scoringPanel.userId, userId), isNull(scoringPanel.submittedAt)),
      )
      .returning({ userId: scoringPanel.userId });
    return rows.length > 0;
  },

  async insertScores(tx: Tx, projectId: number, rows: ScoreRow[]): Promise<void> {
    await tx.insert(scores).values(rows.map((r) => ({ projectId, ...r })));
  },

  scoresOf(db: Conn, projectId: number): Promise<ScoreRow[]> {
    return db
      .select({ userId: scores.userId, bidId: scores.bidId, criterion: scores.criterion, score: scores.score })
      .from(scores)
      .where(eq(scores.projectId, projectId))
      .orderBy(asc(scores.userId), asc(scores.bidId), asc(scores.criterion));
  },

  async result(db: Conn, projectId: number): Promise<ResultRow | undefined> {
    const [row] = await db.select().from(scoringResults).where(eq(scoringResults.projectId, projectId));
    return row;
  },

  /** Writes the ranking unless the project has one; answers it only when this call wrote it. */
  async insertResult(tx: Tx, values: typeof scoringResults.$inferInsert): Promise<ResultRow | undefined> {
    const [row] = await tx.insert(scoringResults).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Stores the panel seed of a project at its announcement unless it has one; answers the row kept. */
  async insertPanelSeed(tx: Tx, projectId: number, sealedSeed: string, commitment: string): Promise<PanelDrawRow> {
    await tx.insert(panelDraws).values({ projectId, sealedSeed, commitment }).onConflictDoNothing();
    return (await scoringRepository.panelDraw(tx, projectId))!;
  },

  async panelDraw(db: Conn, projectId: number): Promise<PanelDrawRow | undefined> {
    const [row] = await db.select().from(panelDraws).where(eq(panelDraws.projectId, projectId));
    return row;
  },

  /** Writes the draw onto the committed row unless it was drawn; answers whether this call did. */
  async writePanelDraw(
    tx: Tx,
    projectId: number,
    draw: Required<
      Pick<
        typeof panelDraws.$inferInsert,
        'experts' | 'candidates' | 'listText' | 'listHash' | 'entropy' | 'seed' | 'order' | 'ownerReps' | 'drawnBy'
      >
    >,
  ): Promise<boolean> {
    const rows = await tx
      .update(panelDraws)
      .set({ ...draw, drawnAt: sql`app_now()` })
      .where(and(eq(panelDraws.projectId, projectId), isNull(panelDraws.seed)))
      .returning({ projectId: panelDraws.projectId });
    return rows.length > 0;
  },
};
