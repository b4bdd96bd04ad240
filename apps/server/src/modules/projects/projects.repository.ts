import { randomBytes } from 'node:crypto';
import type { projectQuery } from '@lvb/contracts/projects';
import { and, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { scopeCondition, type ScopedActor } from '../../lib/data-scope.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { departmentName, ownerNameJoin } from '../departments/departments.repository.ts';
import {
  placeName,
  placeNamesJoin,
  placeNameZh,
  placeSubtree,
  projectTypeName,
  projectTypeNamesJoin,
  projectTypeNameZh,
} from '../master-data/master-data.repository.ts';
import { projects } from './projects.table.ts';

/** The master-data references a project holds, by the column that holds them. */
export type ProjectReference = 'typeId' | 'subCategoryId' | 'placeId';
export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The names a project's references carry, in both languages, read where the names live. */
export const projectNames = {
  typeName: projectTypeName(projects.typeId),
  typeNameZh: projectTypeNameZh(projects.typeId),
  placeName: placeName(projects.placeId),
  placeNameZh: placeNameZh(projects.placeId),
  ownerName: departmentName(projects.ownerDeptId),
};

const typeNames = projectTypeNamesJoin(projects.typeId);
const placeNames = placeNamesJoin(projects.placeId);
const ownerNames = ownerNameJoin(projects.ownerDeptId);
/**
 * The same names as lateral joins, for the busiest reads (the hall): the query adds each of
 * `joins` with `.leftJoin(join, sql`true`)` and selects `columns`.
 */
export const joinedProjectNames = {
  columns: { ...typeNames.columns, ...placeNames.columns, ...ownerNames.columns },
  joins: [typeNames.source, placeNames.source, ownerNames.source] as const,
};

/** The projects an actor may see: owners their organisation's, auditors and the like everything. */
export const projectScope = (actor: ScopedActor): SQL | undefined =>
  scopeCondition(actor, { deptId: projects.ownerDeptId, ownerId: projects.createdBy });

/**
 * The ids of the projects `actor` may see, as a subquery another module filters its own rows by
 * (`project_id in …`), so that its lists keep the projects' data scope without naming the table.
 */
export const projectIdsVisibleTo = (actor: ScopedActor, f: { model?: number; keyword?: string } = {}): SQL => {
  const where = and(
    projectScope(actor),
    f.model ? eq(projects.model, f.model) : undefined,
    f.keyword
      ? or(ilike(projects.name, likePattern(f.keyword)), ilike(projects.code, likePattern(f.keyword)))
      : undefined,
  );
  return sql`(select ${projects.id} from ${projects}${where ? sql` where ${where}` : sql``})`;
};

/**
 * `actor`'s data scope widened by the projects in `ids` (a subquery of project ids another module
 * keeps, such as the panels an employee sits on); undefined when the scope already covers all.
 */
export const projectScopeOr = (actor: ScopedActor, ids: SQL): SQL | undefined => {
  const scope = projectScope(actor);
  return scope ? or(scope, sql`${projects.id} in (${ids})`) : undefined;
};

/** What another module's rows show of their project (`projectId` the column holding its id). */
export const projectBrief = (projectId: AnyColumn | SQL) =>
  sql<{
    name: string;
    code: string;
    status: string;
    model: number;
    signupStart: string;
    bidDeadline: string;
    guaranteeRequired: boolean;
    guaranteeAmount: number;
    budget: number;
    openingAt: string;
  }>`(
    select json_build_object('name', p.name, 'code', p.code, 'status', p.status, 'model', p.model,
      'signupStart', p.signup_start, 'bidDeadline', p.bid_deadline,
      'guaranteeRequired', p.guarantee_required, 'guaranteeAmount', p.guarantee_amount,
      'budget', p.budget, 'openingAt', p.opening_at)
    from projects p where p.id = ${qualified(projectId)})`;

/** A project's owner organisation's name, for another module's rows (a guarantee's beneficiary). */
export const projectOwnerName = (projectId: AnyColumn | SQL) =>
  sql<string>`(select ${departmentName(sql.raw('p.owner_dept_id'))} from projects p where p.id = ${qualified(projectId)})`;

/** The code reads well and is unique because it carries the id. */
const codeOf = (row: ProjectRow) =>
  `LV${row.createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(row.id).padStart(6, '0')}`;

/** Unique until the real code (which carries the id) replaces it in the same transaction. */
const provisionalCode = () => `t${randomBytes(8).toString('hex')}`;

/** The filters of the staff's project lists, within `scope`. */
function listCondition(q: z.output<typeof projectQuery> & { statuses?: readonly string[] }, scope: SQL | undefined) {
  return and(
    scope,
    q.keyword
      ? or(ilike(projects.name, likePattern(q.keyword)), ilike(projects.code, likePattern(q.keyword)))
      : undefined,
    q.code ? eq(projects.code, q.code) : undefined,
    q.status ? eq(projects.status, q.status) : undefined,
    q.statuses ? inArray(projects.status, [...q.statuses]) : undefined,
    q.typeId ? eq(projects.typeId, q.typeId) : undefined,
    q.placeId ? sql`${projects.placeId} in ${placeSubtree(sql`${q.placeId}`, sql`${`%,${q.placeId},%`}`)}` : undefined,
    q.model ? eq(projects.model, q.model) : undefined,
    q.ownerDeptId ? eq(projects.ownerDeptId, q.ownerDeptId) : undefined,
    q.beginTime ? sql`${projects.createdAt} >= ${q.beginTime}::date` : undefined,
    q.endTime ? sql`${projects.createdAt} < ${q.endTime}::date + 1` : undefined,
  );
}

/** Queries on the projects table; the only place that touches it (docs/architecture.md). */
export const projectsRepository = {
  /** How many projects refer to any of `ids` through `column` (master data still in use). */
  async countReferencing(db: Db | Tx, column: ProjectReference, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await db.select({ n: count() }).from(projects).where(inArray(projects[column], ids));
    return row?.n ?? 0;
  },

  /** How many best-value projects of this type are published, closed for sign-up or in evaluation. */
  async countLiveBestValue(db: Db | Tx, typeId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(projects)
      .where(
        and(
          eq(projects.typeId, typeId),
          eq(projects.model, 3),
          inArray(projects.status, ['published', 'signup_closed', 'evaluating']),
        ),
      );
    return row?.n ?? 0;
  },

  async find(db: Db | Tx, id: number, scope?: SQL): Promise<ProjectRow | undefined> {
    const [row] = await db
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), scope));
    return row;
  },

  /**
   * A project read with a share lock to the end of `tx`: a step of another workflow that depends
   * on the project's status (qualifying an application) holds it while the project cannot move.
   */
  async findShared(tx: Tx, id: number): Promise<ProjectRow | undefined> {
    const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('share');
    return row;
  },

  /** Inserts a project and gives it its code; answers the stored row. */
  async insert(tx: Tx, values: Omit<NewProject, 'code'>): Promise<ProjectRow> {
    const [row] = await tx
      .insert(projects)
      .values({ ...values, code: provisionalCode() })
      .returning();
    const [coded] = await tx
      .update(projects)
      .set({ code: codeOf(row!) })
      .where(eq(projects.id, row!.id))
      .returning();
    return coded!;
  },

  /** Writes a draft's content; answers false when the project is no longer a draft. */
  async updateDraft(tx: Tx, id: number, values: Partial<NewProject>): Promise<boolean> {
    const updated = await tx
      .update(projects)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(projects.id, id), eq(projects.status, 'draft')))
      .returning({ id: projects.id });
    return updated.length > 0;
  },

  /** Deletes a draft; answers the deleted row, or nothing when the project is no longer a draft. */
  async removeDraft(tx: Tx, id: number): Promise<ProjectRow | undefined> {
    const [row] = await tx
      .delete(projects)
      .where(and(eq(projects.id, id), eq(projects.status, 'draft')))
      .returning();
    return row;
  },

  async reissuedFrom(db: Db | Tx, id: number): Promise<number | undefined> {
    const [again] = await db.select({ id: projects.id }).from(projects).where(eq(projects.reissuedFrom, id));
    return again?.id;
  },

  /** The owner organisations of the projects `scope` lets one see. */
  async ownerIds(db: Db, scope?: SQL): Promise<number[]> {
    const rows = await db.selectDistinct({ id: projects.ownerDeptId }).from(projects).where(scope);
    return rows.map((r) => r.id);
  },

  /** One page of projects with the names of their references, newest change first. */
  async page(
    db: Db,
    q: z.output<typeof projectQuery> & { statuses?: readonly string[] },
    scope: SQL | undefined,
    page: { offset: number; limit: number },
  ) {
    const cond = listCondition(q, scope);
    const [total] = await db.select({ n: count() }).from(projects).where(cond);
    const rows = await db
      .select({ project: projects, ...projectNames })
      .from(projects)
      .where(cond)
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows: rows.map(({ project, ...names }) => ({ ...project, ...names })), total: total?.n ?? 0 };
  },

  /**
   * A batch of the export of the same list: only the columns the workbook shows, the names by
   * lateral joins, and no count (an export reads its list `EXPORT_BATCH` rows at a time).
   */
  exportPage(
    db: Db,
    q: z.output<typeof projectQuery>,
    scope: SQL | undefined,
    page: { offset: number; limit: number; after?: { changedAt: string; id: number } },
  ) {
    const [typeJoin, placeJoin, ownerJoin] = joinedProjectNames.joins;
    // On from the last row read, in the list's order (the time as PostgreSQL's exact text).
    const after = page.after
      ? sql`(${projects.updatedAt}, ${projects.id}) < (${page.after.changedAt}::timestamptz, ${page.after.id})`
      : undefined;
    return db
      .select({
        id: projects.id,
        changedAt: sql<string>`${projects.updatedAt}::text`,
        code: projects.code,
        name: projects.name,
        budget: projects.budget,
        model: projects.model,
        status: projects.status,
        bidDeadline: projects.bidDeadline,
        openingAt: projects.openingAt,
        ...joinedProjectNames.columns,
      })
      .from(projects)
      .leftJoin(typeJoin, sql`true`)
      .leftJoin(placeJoin, sql`true`)
      .leftJoin(ownerJoin, sql`true`)
      .where(and(listCondition(q, scope), after))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(page.limit)
      .offset(after ? 0 : page.offset);
  },

  /** These projects with the names of their references, in the order of `ids` (missing ones left out). */
  async withNames(db: Db | Tx, ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ project: projects, ...projectNames })
      .from(projects)
      .where(inArray(projects.id, ids));
    const byId = new Map(rows.map(({ project, ...names }) => [project.id, { ...project, ...names }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** The names of one project's references. */
  async names(db: Db | Tx, id: number) {
    const [names] = await db.select(projectNames).from(projects).where(eq(projects.id, id));
    return names!;
  },
};
