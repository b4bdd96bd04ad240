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
import { projects } from '../projects/projects.table.ts';

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

export const isPublic = and(inArray(projects.status, [...PUBLIC_STATUSES]), isNotNull(projects.publishedAt));

export type HallQuery = z.output<typeof hallQuery> & { pageNum: number; pageSize: number };

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const param = sql.placeholder;

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
    q.placeId
      ? sql`${projects.placeId} in (select pl.id from places pl where pl.id = ${param('placeId')} or (',' || pl.ancestors || ',') like ${param('placePath')})`
      : undefined,
    q.model ? eq(projects.model, param('model')) : undefined,
    q.status === 'open' ? sql`${projects.status} = 'published' and ${projects.bidDeadline} > now()` : undefined,
    q.status === 'closed' ? sql`not (${projects.status} = 'published' and ${projects.bidDeadline} > now())` : undefined,
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
  // The total is counted without the joins of the page: every project has its type, place and
  // owner, and the owner's name matters only when the keyword may match it. Counted this way,
  // the hall indexes answer it without reading the table.
  const countQuery = (q: HallQuery) => {
    const counted = db.select({ n: count() }).from(projects);
    return (q.keyword ? counted.innerJoin(departments, eq(departments.id, projects.ownerDeptId)) : counted).where(
      hallWhere(q),
    );
  };

  const prepareList = (q: HallQuery, name: string) => {
    const sortColumn = { published: projects.publishedAt, deadline: projects.bidDeadline, budget: projects.budget }[
      q.sort
    ];
    // The total rides along with the page as a scalar subquery (computed once per statement):
    // one round trip instead of two.
    return db
      .select({ ...publicColumns, total: sql<number>`(${countQuery(q)})`.mapWith(Number) })
      .from(projects)
      .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
      .innerJoin(places, eq(places.id, projects.placeId))
      .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
      .where(hallWhere(q))
      .orderBy(q.order === 'asc' ? asc(sortColumn) : desc(sortColumn), desc(projects.id))
      .limit(param('limit'))
      .offset(param('offset'))
      .prepare(name);
  };

  const lists = new Map<string, { page: ReturnType<typeof prepareList>; count?: ReturnType<typeof prepareCount> }>();
  const prepareCount = (q: HallQuery, name: string) => countQuery(q).prepare(name);

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
    /** A page of the hall and the number of projects matching the filters. */
    async listProjects(q: HallQuery) {
      const shape = [q.keyword ? 'k' : '', q.typeId ? 't' : '', q.placeId ? 'p' : '', q.model ? 'm' : '', q.status]
        .concat(q.sort, q.order)
        .join('_');
      let statements = lists.get(shape);
      if (!statements) {
        statements = { page: prepareList(q, `hall_list_${shape}`) };
        lists.set(shape, statements);
      }
      const values = hallValues(q);
      const rows = await statements.page.execute(values);
      if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
      // An empty page says nothing of the total unless it is the first one.
      if (q.pageNum === 1) return { rows: [], total: 0 };
      statements.count ??= prepareCount(q, `hall_count_${shape}`);
      const [counted] = await statements.count.execute(values);
      return { rows: [], total: counted?.n ?? 0 };
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
