import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { companyName } from '../companies/companies.repository.ts';
import { projectBrief, projectOwnerName } from '../projects/projects.repository.ts';
import { drawPicks, draws } from './draws.table.ts';

type Conn = Db | Tx;
export type DrawRecord = typeof draws.$inferSelect;
export type PickRecord = typeof drawPicks.$inferSelect;

const project = projectBrief(draws.projectId);
const projectField = (field: string) => sql<string>`coalesce(${project} ->> ${field}, '')`;

/** A draw as the lists show it: with its project, owner, witness and the company engaged. */
const listed = {
  ...getTableColumns(draws),
  projectCode: projectField('code'),
  projectName: projectField('name'),
  ownerName: sql<string>`coalesce(${projectOwnerName(draws.projectId)}, '')`,
  drawAt: sql<string>`(${project} ->> 'openingAt')`,
  witnessName: accountName(draws.witnessId),
  engagedCompany: sql<string | null>`(select ${companyName(sql.raw('k.company_id'))} from draw_picks k
    where k.draw_id = ${qualified(draws.id)} and k.status = 'confirmed' limit 1)`,
};
export type ListedDraw = Awaited<ReturnType<typeof listedDraws>>[number];
const listedDraws = (db: Conn, where: SQL | undefined, page: Page) =>
  db.select(listed).from(draws).where(where).orderBy(desc(draws.id)).limit(page.limit).offset(page.offset);

const pickColumns = { ...getTableColumns(drawPicks), companyName: companyName(drawPicks.companyId) };
/** A pick's project: its draw's. */
const pickProjectId = sql<number>`(select d.project_id from draws d where d.id = ${qualified(drawPicks.drawId)})`;
const pickProject = projectBrief(pickProjectId);
/** A pick with its draw's project, as both pick lists show it. */
const pickWithProject = {
  ...pickColumns,
  projectId: pickProjectId,
  projectCode: sql<string>`coalesce(${pickProject} ->> 'code', '')`,
  projectName: sql<string>`coalesce(${pickProject} ->> 'name', '')`,
};
export type ListedPick = PickRecord & { companyName: string };

/** Queries on the draws and their picks. */
export const drawsRepository = {
  async insert(tx: Tx, values: typeof draws.$inferInsert): Promise<DrawRecord> {
    const [row] = await tx.insert(draws).values(values).returning();
    return row!;
  },
  async find(db: Conn, id: number, scope?: SQL): Promise<DrawRecord | undefined> {
    const [row] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.id, id), scope ? sql`${draws.projectId} in ${scope}` : undefined));
    return row;
  },
  async listed(db: Conn, id: number): Promise<ListedDraw | undefined> {
    const [row] = await listedDraws(db, eq(draws.id, id), { limit: 1, offset: 0 });
    return row;
  },
  /** A page of draws; `scope` the ids of the projects the reader may see (projects module's subquery). */
  async page(db: Conn, f: { keyword?: string; status?: string; scope?: SQL; published?: boolean }, page: Page) {
    const where = and(
      f.published ? sql`${draws.status} <> 'cancelled'` : undefined,
      f.scope ? sql`${draws.projectId} in ${f.scope}` : undefined,
      f.status ? eq(draws.status, f.status) : undefined,
      f.keyword
        ? or(ilike(listed.projectName, containing(f.keyword)), ilike(listed.projectCode, containing(f.keyword)))
        : undefined,
    );
    const [total] = await db.select({ n: count() }).from(draws).where(where);
    return { rows: await listedDraws(db, where, page), total: total?.n ?? 0 };
  },
  /** How many draws of the projects `projectIds` (a subquery of ids) are scheduled and not drawn yet. */
  async scheduledCount(db: Conn, projectIds: SQL): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(draws)
      .where(and(eq(draws.status, 'scheduled'), sql`${draws.projectId} in ${projectIds}`));
    return row?.n ?? 0;
  },
  /** The project's live draw (not cancelled), if any. */
  async liveOf(db: Conn, projectId: number) {
    const [row] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.projectId, projectId), sql`${draws.status} <> 'cancelled'`));
    return row;
  },
  /** Which of `projectIds` have a live draw. */
  async projectsWithDraw(db: Conn, projectIds: number[]): Promise<Set<number>> {
    if (projectIds.length === 0) return new Set();
    const rows = await db
      .select({ projectId: draws.projectId })
      .from(draws)
      .where(and(inArray(draws.projectId, projectIds), sql`${draws.status} <> 'cancelled'`));
    return new Set(rows.map((r) => r.projectId));
  },
  /** Writes the revealed seed, the entropy and the order with the draw's status change. */
  async reveal(tx: Tx, id: number, v: { seed: string; entropy: string; order: number[]; witnessId: number }) {
    await tx
      .update(draws)
      .set({ ...v, drawnAt: sql`app_now()`, updatedAt: sql`now()` })
      .where(eq(draws.id, id));
  },
  /** Companies asked in a draw drawn since `days` days before the business clock's now. */
  async recentlyDrawn(db: Conn, days: number): Promise<Set<number>> {
    const rows = await db
      .select({ companyId: drawPicks.companyId })
      .from(drawPicks)
      .where(sql`${drawPicks.askedAt} > app_now() - make_interval(days => ${days})`);
    return new Set(rows.map((r) => r.companyId));
  },

  // Picks
  async insertPick(tx: Tx, values: typeof drawPicks.$inferInsert): Promise<PickRecord> {
    const [row] = await tx.insert(drawPicks).values(values).returning();
    return row!;
  },
  picksOf: (db: Conn, drawId: number): Promise<ListedPick[]> =>
    db.select(pickColumns).from(drawPicks).where(eq(drawPicks.drawId, drawId)).orderBy(asc(drawPicks.rank)),
  async pick(db: Conn, id: number, companyId?: number): Promise<PickRecord | undefined> {
    const [row] = await db
      .select()
      .from(drawPicks)
      .where(and(eq(drawPicks.id, id), companyId === undefined ? undefined : eq(drawPicks.companyId, companyId)));
    return row;
  },
  async setPickApplication(tx: Tx, id: number, applicationId: number) {
    await tx.update(drawPicks).set({ applicationId }).where(eq(drawPicks.id, id));
  },
  /** The company's asks with their draw's project, newest first. */
  async picksOfCompany(db: Conn, companyId: number, page: Page) {
    const where = eq(drawPicks.companyId, companyId);
    const rows = await db
      .select({
        ...pickWithProject,
        ownerName: sql<string>`coalesce(${projectOwnerName(pickProjectId)}, '')`,
        budgetFen: sql<number>`(${pickProject} ->> 'budget')::float8`,
        secondsLeft: sql<number>`extract(epoch from (${drawPicks.deadline} - app_now()))::float8`,
      })
      .from(drawPicks)
      .where(where)
      .orderBy(desc(drawPicks.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(drawPicks).where(where);
    return { rows, total: total?.n ?? 0 };
  },
  /** Every contractor asked, with its draw and project (the pool's draw history), newest first. */
  async history(db: Conn, f: { keyword?: string }, page: Page) {
    const columns = {
      ...pickWithProject,
      drawnAt: sql<string | null>`(select d.drawn_at from draws d where d.id = ${qualified(drawPicks.drawId)})`,
    };
    const where = f.keyword
      ? or(
          ilike(columns.companyName, containing(f.keyword)),
          ilike(columns.projectName, containing(f.keyword)),
          ilike(columns.projectCode, containing(f.keyword)),
        )
      : undefined;
    const rows = await db
      .select(columns)
      .from(drawPicks)
      .where(where)
      .orderBy(desc(drawPicks.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(drawPicks).where(where);
    return { rows, total: total?.n ?? 0 };
  },
  /** The confirmed contractor of a project's draw: the ranking of a pool-draw project. */
  async engaged(db: Conn, projectId: number) {
    const [row] = await db
      .select({ applicationId: drawPicks.applicationId, companyName: pickColumns.companyName })
      .from(drawPicks)
      .innerJoin(draws, eq(draws.id, drawPicks.drawId))
      .where(and(eq(draws.projectId, projectId), eq(drawPicks.status, 'confirmed')));
    return row?.applicationId ? { applicationId: row.applicationId, companyName: row.companyName } : undefined;
  },
  /** Due asks: those past their deadline by the business clock (the scheduler's `expire`). */
  expiredDue: (): SQL => sql`${drawPicks.deadline} <= app_now()`,
};
