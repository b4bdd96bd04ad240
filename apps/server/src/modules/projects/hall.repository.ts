import type { hallQuery } from '@lvb/contracts/projects';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { offsetOf } from '../../lib/paging.ts';
import { departments } from '../departments/departments.table.ts';
import { files } from '../files/files.table.ts';
import { places, projectTypes } from '../master-data/master-data.table.ts';
import { notices } from '../notices/notices.table.ts';
import { PUBLIC_STATUSES } from '../projects/projects.machine.ts';
import { projectHallTotals, projects } from '../projects/projects.table.ts';

/** What anyone may see of a project: published once, never a draft or an internal reason. */
export const publicColumns = {
  id: projects.id,
  code: projects.code,
  name: projects.name,
  ownerName: departments.name,
  typeId: projects.typeId,
  typeName: projectTypes.name,
  typeNameZh: projectTypes.nameZh,
  placeId: projects.placeId,
  placeName: places.name,
  placeNameZh: places.nameZh,
  budget: projects.budget,
  model: projects.model,
  guaranteeRequired: projects.guaranteeRequired,
  guaranteeAmount: projects.guaranteeAmount,
  signupStart: projects.signupStart,
  bidDeadline: projects.bidDeadline,
  openingAt: projects.openingAt,
  status: projects.status,
  publishedAt: projects.publishedAt,
};

/** The detail page adds these to the hall's columns. */
export const publicDetailColumns = {
  ...publicColumns,
  qualification: projects.qualification,
  description: projects.description,
  contactName: projects.contactName,
  contactTel: projects.contactTel,
  minParticipants: projects.minParticipants,
  statusReason: projects.statusReason,
};

/**
 * The hall's columns named as in the answer, for the database to write into JSON. Times are
 * written as PostgreSQL writes them into JSON: ISO 8601 with their offset and microseconds
 * (`2026-11-23T02:32:00.123456+00:00`), the same instants as everywhere else in another spelling;
 * formatting them the way JavaScript does cost the database as much as the rest of the page.
 */
const jsonColumns = Object.fromEntries(
  Object.entries(publicColumns).map(([key, column]) => [key, sql`${column}`.as(key)]),
);

export const isPublic = and(inArray(projects.status, [...PUBLIC_STATUSES]), isNotNull(projects.publishedAt));

export type HallQuery = z.output<typeof hallQuery> & { pageNum: number; pageSize: number };

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const param = sql.placeholder;

/** Projects under a place of the region tree, the place included. */
const inPlaceTree = (column: typeof projects.placeId | typeof projectHallTotals.placeId) =>
  sql`${column} in (select pl.id from places pl where pl.id = ${param('placeId')} or (',' || pl.ancestors || ',') like ${param('placePath')})`;

const OPEN = sql`${projects.status} = 'published' and ${projects.bidDeadline} > now()`;

/**
 * The filters of a hall query. Values are placeholders, so that each combination of filters is
 * one statement that PostgreSQL parses and plans once per connection and reuses.
 */
function hallWhere(q: HallQuery): SQL | undefined {
  return and(
    isPublic,
    q.keyword
      ? or(
          ilike(projects.name, param('keyword')),
          ilike(projects.code, param('keyword')),
          ilike(departments.name, param('keyword')),
        )
      : undefined,
    q.typeId ? eq(projects.typeId, param('typeId')) : undefined,
    q.placeId ? inPlaceTree(projects.placeId) : undefined,
    q.model ? eq(projects.model, param('model')) : undefined,
    q.status === 'open' ? OPEN : undefined,
    q.status === 'closed' ? sql`not (${OPEN})` : undefined,
  );
}

const hallValues = (q: HallQuery) => ({
  keyword: q.keyword ? like(q.keyword) : undefined,
  typeId: q.typeId,
  placeId: q.placeId,
  placePath: q.placeId ? `%,${q.placeId},%` : undefined,
  model: q.model,
  limit: q.pageSize,
  offset: offsetOf(q),
});

/** The queries of the public hall, prepared once and reused: the hall is the busiest page. */
export function createHallRepository(db: Db) {
  // Counting the rows that match is the dearest part of a page (every one of a hundred thousand
  // projects for the unfiltered hall), so the total comes from the kept totals of
  // `project_hall_totals` wherever those can answer it: filters by type, model and place. Only a
  // keyword, and whether sign-up is still open (which the clock changes), need counting rows; the
  // open ones are few and found by the deadline index.
  const countedRows = (q: HallQuery) => {
    const counted = db.select({ n: count() }).from(projects);
    return (q.keyword ? counted.innerJoin(departments, eq(departments.id, projects.ownerDeptId)) : counted).where(
      hallWhere(q),
    );
  };
  const keptTotal = (q: HallQuery) =>
    db
      .select({ n: sql<number>`coalesce(sum(${projectHallTotals.n}), 0)::int` })
      .from(projectHallTotals)
      .where(
        and(
          inArray(projectHallTotals.status, [...PUBLIC_STATUSES]),
          q.typeId ? eq(projectHallTotals.typeId, param('typeId')) : undefined,
          q.placeId ? inPlaceTree(projectHallTotals.placeId) : undefined,
          q.model ? eq(projectHallTotals.model, param('model')) : undefined,
        ),
      );
  const countQuery = (q: HallQuery): SQL => {
    if (q.keyword || q.status === 'open') return sql`(${countedRows(q)})`;
    if (q.status === 'closed') return sql`(${keptTotal(q)}) - (${countedRows({ ...q, status: 'open' })})`;
    return sql`(${keptTotal(q)})`;
  };

  const prepareList = (q: HallQuery, name: string) => {
    const sortColumn = { published: projects.publishedAt, deadline: projects.bidDeadline, budget: projects.budget }[
      q.sort
    ];
    const page = db
      .select(jsonColumns)
      .from(projects)
      .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
      .innerJoin(places, eq(places.id, projects.placeId))
      .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
      .where(hallWhere(q))
      .orderBy(q.order === 'asc' ? asc(sortColumn) : desc(sortColumn), desc(projects.id))
      .limit(param('limit'))
      .offset(param('offset'));
    // The page leaves the database as one JSON text (aggregated in the page's order, which an
    // aggregate over a sorted subquery keeps) with its total: one round trip, and no row is taken
    // apart and written again on the way out. `::text`, or the driver would parse it.
    return db
      .select({
        rows: sql<string>`coalesce(json_agg(page), '[]')::text`,
        total: sql<number>`${countQuery(q)}`.mapWith(Number),
      })
      .from(sql`(${page}) page`)
      .prepare(name);
  };
  const lists = new Map<string, ReturnType<typeof prepareList>>();

  const detail = db
    .select({
      ...publicDetailColumns,
      documents: sql<{ fileName: string; originalName: string; size: number }[]>`(
        select coalesce(json_agg(json_build_object('fileName', ${files.storedName}, 'originalName', ${files.originalName},
          'size', ${files.size}) order by ${files.id}), '[]'::json)
        from ${files} where ${files.recordType} = 'project' and ${files.recordId} = ${projects.id})`,
      // The creation time travels as PostgreSQL's text, the form the driver reads a column in, and
      // becomes a date below as Drizzle makes one of a column: the same instant to the millisecond.
      notices: sql<{ id: number; title: string; noticeType: string; projectId: number | null; createdAt: string }[]>`(
        select coalesce(json_agg(json_build_object('id', ${notices.id}, 'title', ${notices.title},
          'noticeType', ${notices.noticeType}, 'projectId', ${notices.projectId}, 'createdAt', ${notices.createdAt}::text)
          order by ${notices.createdAt} desc, ${notices.id} desc), '[]'::json)
        from ${notices}
        where ${notices.projectId} = ${projects.id} and ${notices.status} = '0' and ${notices.audience} = 'all')`,
    })
    .from(projects)
    .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
    .innerJoin(places, eq(places.id, projects.placeId))
    .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
    .where(and(eq(projects.id, param('id')), isPublic))
    .prepare('hall_project_detail');

  return {
    /** A page of the hall as JSON text, and the number of projects matching the filters. */
    async listProjects(q: HallQuery): Promise<{ rowsJson: string; total: number }> {
      const shape = [q.keyword ? 'k' : '', q.typeId ? 't' : '', q.placeId ? 'p' : '', q.model ? 'm' : '', q.status]
        .concat(q.sort, q.order)
        .join('_');
      let statement = lists.get(shape);
      if (!statement) {
        statement = prepareList(q, `hall_list_${shape}`);
        lists.set(shape, statement);
      }
      const [page] = await statement.execute(hallValues(q));
      return { rowsJson: page!.rows, total: page!.total };
    },

    /** A published project with its documents and public notices, or undefined. */
    async projectDetail(id: number) {
      const [row] = await detail.execute({ id });
      if (!row) return undefined;
      return {
        ...row,
        notices: row.notices.map((n) => ({ ...n, createdAt: new Date(n.createdAt) })),
      };
    },
  };
}
