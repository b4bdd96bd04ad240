import { PUBLIC_STATUSES } from '@lvb/contracts/project-workflow';
import type { SignupState } from '@lvb/contracts/project-rows';
import type { hallQuery } from '@lvb/contracts/projects';
import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Language } from '../../i18n/text.ts';
import { offsetOf } from '../../lib/paging.ts';
import { filesRepository } from '../files/files.repository.ts';
import { placeSubtree } from '../master-data/master-data.repository.ts';
import { noticesRepository } from '../notices/notices.repository.ts';
import { joinedProjectNames, projectNames } from './projects.repository.ts';
import { projectFollows, projectHallTotals, projects } from './projects.table.ts';

/** What anyone may see of a project: published once, never a draft or an internal reason. */
export const publicColumns = {
  id: projects.id,
  code: projects.code,
  name: projects.name,
  ownerName: projectNames.ownerName,
  typeId: projects.typeId,
  typeName: projectNames.typeName,
  typeNameZh: projectNames.typeNameZh,
  placeId: projects.placeId,
  placeName: projectNames.placeName,
  placeNameZh: projectNames.placeNameZh,
  budget: projects.budget,
  model: projects.model,
  guaranteeRequired: projects.guaranteeRequired,
  guaranteeAmount: projects.guaranteeAmount,
  signupStart: projects.signupStart,
  bidDeadline: projects.bidDeadline,
  openingAt: projects.openingAt,
  status: projects.status,
  publishedAt: projects.publishedAt,
  // Whether one may apply now, by the business clock: the web never judges it by the browser's.
  signup: sql<SignupState>`case when ${projects.status} <> 'published' then 'closed'
    when app_now() < ${projects.signupStart} then 'not_started'
    when app_now() < ${projects.bidDeadline} then 'open' else 'closed' end`,
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
  statusReasonZh: projects.statusReasonZh,
};

/** The hall's own reads take the names by lateral joins: see `joinedProjectNames`. */
const hallColumns = { ...publicColumns, ...joinedProjectNames.columns };
const [typeJoin, placeJoin, ownerJoin] = joinedProjectNames.joins;
const joined = sql`true`;

/**
 * The hall's columns named as in the answer, for the database to write into JSON. Times are
 * written as PostgreSQL writes them into JSON: ISO 8601 with their offset and microseconds
 * (`2026-11-23T02:32:00.123456+00:00`), the same instants as everywhere else in another spelling;
 * formatting them the way JavaScript does cost the database as much as the rest of the page.
 */
const jsonColumns = Object.fromEntries(
  Object.entries(hallColumns).map(([key, column]) => [key, sql`${column}`.as(key)]),
);

/**
 * The public statuses written into the statement as constants, not bound as twelve parameters a
 * call: the hall's statements are the busiest, and every parameter is sent and bound each time.
 * They are the workflow's own identifiers, never input.
 */
const publicStatusList = sql.raw(
  PUBLIC_STATUSES.map((s) => {
    if (!/^[a-z_]+$/.test(s)) throw new Error(`not a status identifier: ${s}`);
    return `'${s}'`;
  }).join(', '),
);
const publicStatus = (column: typeof projects.status | typeof projectHallTotals.status) =>
  sql`${column} in (${publicStatusList})`;

export const isPublic = and(publicStatus(projects.status), isNotNull(projects.publishedAt));

export type HallQuery = z.output<typeof hallQuery> & { pageNum: number; pageSize: number };

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const param = sql.placeholder;

/** Projects under a place of the region tree, the place included. */
const inPlaceTree = (column: typeof projects.placeId | typeof projectHallTotals.placeId) =>
  sql`${column} in ${placeSubtree(sql`${param('placeId')}`, sql`${param('placePath')}`)}`;

const OPEN = sql`${projects.status} = 'published' and ${projects.bidDeadline} > app_now()`;

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
          ilike(projectNames.ownerName, param('keyword')),
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
    return db.select({ n: count() }).from(projects).where(hallWhere(q));
  };
  const keptTotal = (q: HallQuery) =>
    db
      .select({ n: sql<number>`coalesce(sum(${projectHallTotals.n}), 0)::int` })
      .from(projectHallTotals)
      .where(
        and(
          publicStatus(projectHallTotals.status),
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
      .leftJoin(typeJoin, joined)
      .leftJoin(placeJoin, joined)
      .leftJoin(ownerJoin, joined)
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

  // The detail leaves the database as one JSON text too, in the reader's language (`lang`).
  const lang = sql`${param('lang')}`;
  const detailColumns = {
    ...jsonColumns,
    ...Object.fromEntries(
      (['qualification', 'description', 'contactName', 'contactTel', 'minParticipants'] as const).map((key) => [
        key,
        sql`${projects[key]}`.as(key),
      ]),
    ),
    statusReason: sql`case when ${lang} = 'zh' and coalesce(${projects.statusReasonZh}, '') <> ''
      then ${projects.statusReasonZh} else ${projects.statusReason} end`.as('statusReason'),
    documents: sql`${filesRepository.documentsJson('project', projects.id)}`.as('documents'),
    notices: sql`${noticesRepository.publicSummariesJson(projects.id, lang)}`.as('notices'),
  };
  const detailRow = db
    .select(detailColumns)
    .from(projects)
    .leftJoin(typeJoin, joined)
    .leftJoin(placeJoin, joined)
    .leftJoin(ownerJoin, joined)
    .where(and(eq(projects.id, param('id')), isPublic));
  const detail = db
    .select({ data: sql<string>`row_to_json(detail)::text` })
    .from(sql`(${detailRow}) detail`)
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

    /**
     * A published project with its documents and public notices as JSON text in the shape of
     * `hallProjectDetail` (contracts), in the reader's language; undefined when there is none.
     */
    async projectDetail(id: number, lang: Language): Promise<string | undefined> {
      const [row] = await detail.execute({ id, lang });
      return row?.data;
    },
  };
}

/** What the public and a following supplier read and write of published projects. */
export const publicProjectsRepository = {
  /** How many projects the public sees: from the kept hall totals, not by counting projects. */
  async publicTotal(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${projectHallTotals.n}), 0)::int` })
      .from(projectHallTotals)
      .where(publicStatus(projectHallTotals.status));
    return Number(row?.n ?? 0);
  },

  /** Published projects by id, a part of the sitemap at a time: the id and the last change. */
  sitemapPart: (db: Db, page: { offset: number; limit: number }) =>
    db
      .select({ id: projects.id, at: projects.updatedAt })
      .from(projects)
      .where(isPublic)
      .orderBy(asc(projects.id))
      .limit(page.limit)
      .offset(page.offset),

  /** A published project's row, or undefined: what the public may download from or follow. */
  async publicProject(db: Db, id: number) {
    const [row] = await db
      .select(publicDetailColumns)
      .from(projects)
      .where(and(eq(projects.id, id), isPublic));
    return row;
  },

  /** A page of the published projects a user follows, latest followed first. */
  async followed(db: Db, userId: number, page: { limit: number; offset: number }) {
    const cond = and(eq(projectFollows.userId, userId), isPublic);
    const [total] = await db
      .select({ n: count() })
      .from(projectFollows)
      .innerJoin(projects, eq(projects.id, projectFollows.projectId))
      .where(cond);
    const rows = await db
      .select({ ...publicColumns, followedAt: projectFollows.createdAt })
      .from(projectFollows)
      .innerJoin(projects, eq(projects.id, projectFollows.projectId))
      .where(cond)
      .orderBy(desc(projectFollows.createdAt))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: total?.n ?? 0 };
  },

  async isFollowing(db: Db, userId: number, projectId: number): Promise<boolean> {
    const [row] = await db
      .select({ userId: projectFollows.userId })
      .from(projectFollows)
      .where(and(eq(projectFollows.userId, userId), eq(projectFollows.projectId, projectId)));
    return Boolean(row);
  },

  async follow(db: Db, userId: number, projectId: number) {
    await db.insert(projectFollows).values({ userId, projectId }).onConflictDoNothing();
  },

  async unfollow(db: Db, userId: number, projectId: number) {
    await db
      .delete(projectFollows)
      .where(and(eq(projectFollows.userId, userId), eq(projectFollows.projectId, projectId)));
  },
};
