import type { ProgressQuery, ProgressStep } from '@lvb/contracts/stats';
import { SEALED_MODELS } from '@lvb/contracts/projects';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { enteredStatusAt } from '../audit-trail/audit-trail.repository.ts';
import { bidWindowDaysOf, placeSubtree } from '../master-data/master-data.repository.ts';
import { projectNames } from './projects.repository.ts';
import { projects } from './projects.table.ts';

type Conn = Db | Tx;

/** The statuses of a project awarded, and of every step after the award. */
export const AWARDED_OR_LATER = ['awarded', 'contracted', 'accepted', 'completed'] as const;

const SEALED = sql.raw(SEALED_MODELS.join(', '));
const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/*
 * A project's progress (seach/bidsc), computed by the database on the business clock: when its
 * present status began (the audit trail's last transition into it, or its creation), and the
 * step it waits for with its due moment (packages/contracts stats.ts, PROGRESS_STEPS).
 */
const stageSince = sql`coalesce(${enteredStatusAt('project', projects.id, projects.status)}, ${projects.createdAt})`;
const nextStep = sql`case
    when ${projects.status} = 'published' and ${projects.model} in (${SEALED}) then 'close_signup'
    when ${projects.status} in ('published', 'signup_closed') then 'evaluation'
    when ${projects.status} in ('evaluating', 'result_pending') then 'result'
    when ${projects.status} = 'publicity' then 'publicity_end'
  end`;
// The result is submitted for audit (confirm_result) within the bid window days after the opening,
// so a ranked project still waiting for its owner's confirmation waits for the same step.
const nextDueAt = sql`case
    when ${projects.status} = 'published' and ${projects.model} in (${SEALED}) then ${projects.bidDeadline}
    when ${projects.status} in ('published', 'signup_closed') then ${projects.openingAt}
    when ${projects.status} in ('evaluating', 'result_pending')
      then ${projects.openingAt} + ${bidWindowDaysOf(projects.typeId, projects.model)} * interval '1 day'
    when ${projects.status} = 'publicity' then ${projects.publicityEndsAt}
  end`;
/** Whole days from `from` to the business clock's now. */
const wholeDaysSince = (from: SQL) => sql`floor(extract(epoch from (${DB_NOW} - ${from})) / 86400)::int`;
const isOverdue = sql`coalesce(${nextDueAt} < ${DB_NOW}, false)`;
const overdueDays = sql`case when ${nextDueAt} < ${DB_NOW} then ${wholeDaysSince(nextDueAt)} else 0 end`;

const progressColumns = {
  id: projects.id,
  code: projects.code,
  name: projects.name,
  ownerDeptId: projects.ownerDeptId,
  ownerName: sql<string>`coalesce(${projectNames.ownerName}, '')`,
  typeId: projects.typeId,
  typeName: sql<string>`coalesce(${projectNames.typeName}, '')`,
  typeNameZh: sql<string>`coalesce(${projectNames.typeNameZh}, '')`,
  placeId: projects.placeId,
  placeName: sql<string>`coalesce(${projectNames.placeName}, '')`,
  placeNameZh: sql<string>`coalesce(${projectNames.placeNameZh}, '')`,
  model: projects.model,
  budget: projects.budget,
  status: projects.status,
  stageSince: sql<Date>`${stageSince}`.mapWith(asDate),
  daysInStage: sql<number>`${wholeDaysSince(stageSince)}`.mapWith(Number),
  nextStep: sql<ProgressStep | null>`${nextStep}`,
  nextDueAt: sql<Date | null>`${nextDueAt}`.mapWith(asDate),
  overdueDays: sql<number>`${overdueDays}`.mapWith(Number),
  createdAt: projects.createdAt,
  publishedAt: projects.publishedAt,
};

/** The first instant of the day `date` (YYYY-MM-DD) in the time zone `timeZone`. */
const dayStart = (date: SQL, timeZone: string) => sql`((${date})::timestamp at time zone ${timeZone})`;

/** The progress filters; the days of `beginTime` and `endTime` are the platform's (`timeZone`). */
function progressWhere(q: ProgressQuery, scope: SQL | undefined, timeZone: string): SQL | undefined {
  return and(
    scope,
    q.keyword
      ? or(ilike(projects.name, containing(q.keyword)), ilike(projects.code, containing(q.keyword)))
      : undefined,
    q.typeId ? eq(projects.typeId, q.typeId) : undefined,
    q.placeId ? sql`${projects.placeId} in ${placeSubtree(sql`${q.placeId}`, sql`${`%,${q.placeId},%`}`)}` : undefined,
    q.model ? eq(projects.model, q.model) : undefined,
    q.status ? eq(projects.status, q.status) : undefined,
    q.ownerDeptId ? eq(projects.ownerDeptId, q.ownerDeptId) : undefined,
    q.beginTime ? sql`${projects.createdAt} >= ${dayStart(sql`${q.beginTime}::date`, timeZone)}` : undefined,
    q.endTime ? sql`${projects.createdAt} < ${dayStart(sql`${q.endTime}::date + 1`, timeZone)}` : undefined,
    q.overdue === '1' ? isOverdue : q.overdue === '0' ? sql`not ${isOverdue}` : undefined,
  );
}

/**
 * A set of projects another module's figure is about: those in `scope` (the reader's data scope),
 * among `ids` and not among `notIds` (subqueries of ids other modules keep), in `statuses` and
 * `models`, and with `openingToday` (the platform's time zone) their opening or draw today.
 */
export interface ProjectSet {
  scope?: SQL;
  ids?: SQL;
  notIds?: SQL;
  statuses?: readonly string[];
  models?: readonly number[];
  openingToday?: string;
}
const setWhere = (f: ProjectSet): SQL | undefined =>
  and(
    f.scope,
    f.ids ? sql`${projects.id} in ${f.ids}` : undefined,
    f.notIds ? sql`${projects.id} not in ${f.notIds}` : undefined,
    f.statuses ? inArray(projects.status, [...f.statuses]) : undefined,
    f.models ? inArray(projects.model, [...f.models]) : undefined,
    f.openingToday
      ? sql`(${projects.openingAt} at time zone ${f.openingToday})::date = (${DB_NOW} at time zone ${f.openingToday})::date`
      : undefined,
  );

/**
 * Grouped by the first selected column: an expression with a parameter (the time zone) is not the
 * same expression as its copy in GROUP BY to PostgreSQL, whose parameters are numbered apart.
 */
const BY_FIRST = sql`1`;

/** `YYYY-MM` of the timestamp `column` in the time zone `timeZone`. */
const monthOf = (column: AnyColumn | SQL, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;

/**
 * The projects' figures for the statistics (seach/bidsc) and the home pages: each one statement,
 * grouped by the database.
 */
export const projectStatsRepository = {
  /** One page of projects' progress, overdue first; `count: false` leaves the total out (an export's batches). */
  async progressPage(
    db: Conn,
    q: ProgressQuery,
    scope: SQL | undefined,
    page: Page,
    o: { timeZone: string; count: boolean },
  ) {
    const where = progressWhere(q, scope, o.timeZone);
    const rows = await db
      .select(progressColumns)
      .from(projects)
      .where(where)
      .orderBy(desc(isOverdue), desc(overdueDays), asc(stageSince), asc(projects.id))
      .limit(page.limit)
      .offset(page.offset);
    const total = o.count ? ((await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0) : rows.length;
    return { rows, total };
  },

  /** The filtered projects counted by status, with how many of each have an overdue step. */
  progressByStatus(db: Conn, q: ProgressQuery, scope: SQL | undefined, timeZone: string) {
    return db
      .select({
        status: projects.status,
        count: count(),
        overdue: sql<number>`count(*) filter (where ${isOverdue})`.mapWith(Number),
      })
      .from(projects)
      .where(progressWhere(q, scope, timeZone))
      .groupBy(projects.status);
  },

  /** The set's projects counted by status. */
  byStatus: (db: Conn, f: ProjectSet) =>
    db.select({ status: projects.status, count: count() }).from(projects).where(setWhere(f)).groupBy(projects.status),

  /** The set's projects counted by type, most first, with the type's names. */
  byType: (db: Conn, f: ProjectSet) =>
    db
      .select({
        typeId: projects.typeId,
        name: sql<string>`coalesce(${projectNames.typeName}, '')`,
        nameZh: sql<string>`coalesce(${projectNames.typeNameZh}, '')`,
        count: count(),
      })
      .from(projects)
      .where(setWhere(f))
      .groupBy(projects.typeId)
      .orderBy(desc(count()), asc(projects.typeId)),

  /** The set's projects counted by place, most first, with the place's names. */
  byPlace: (db: Conn, f: ProjectSet) =>
    db
      .select({
        placeId: projects.placeId,
        name: sql<string>`coalesce(${projectNames.placeName}, '')`,
        nameZh: sql<string>`coalesce(${projectNames.placeNameZh}, '')`,
        count: count(),
      })
      .from(projects)
      .where(setWhere(f))
      .groupBy(projects.placeId)
      .orderBy(desc(count()), asc(projects.placeId)),

  /** How many of the set's projects are there. */
  async count(db: Conn, f: ProjectSet): Promise<number> {
    const [row] = await db.select({ n: count() }).from(projects).where(setWhere(f));
    return row?.n ?? 0;
  },

  /** The ids of the set's projects, as a subquery another module filters its rows by. */
  ids: (f: ProjectSet): SQL => {
    const where = setWhere(f);
    return sql`(select ${projects.id} from ${projects}${where ? sql` where ${where}` : sql``})`;
  },

  /** The set's projects published in each month (`YYYY-MM`, `timeZone`) from `since` on. */
  async publishedByMonth(db: Conn, f: ProjectSet, timeZone: string, since: SQL): Promise<Map<string, number>> {
    const month = monthOf(projects.publishedAt, timeZone);
    const rows = await db
      .select({ month, n: count() })
      .from(projects)
      .where(and(setWhere(f), sql`${projects.publishedAt} >= ${since}`))
      .groupBy(BY_FIRST);
    return new Map(rows.map((r) => [r.month, r.n]));
  },

  /**
   * The set's projects awarded or past their award: how many, their budgets, and their awarded
   * amounts (`amountOf`, the results module's winner's price of a project id).
   */
  async awardTotals(db: Conn, f: ProjectSet, amountOf: (projectId: AnyColumn) => SQL) {
    const [row] = await db
      .select({
        count: count(),
        budget: sql<number>`coalesce(sum(${projects.budget}), 0)::float8`.mapWith(Number),
        awarded: sql<number>`coalesce(sum(${amountOf(projects.id)}), 0)::float8`.mapWith(Number),
      })
      .from(projects)
      .where(and(setWhere(f), inArray(projects.status, [...AWARDED_OR_LATER])));
    return row ?? { count: 0, budget: 0, awarded: 0 };
  },

  /**
   * The same, by the month of the award (`awardedAt` of a project id: when it last entered
   * `awarded`, from the audit trail) from `since` on.
   */
  async awardsByMonth(
    db: Conn,
    f: ProjectSet,
    o: {
      amountOf: (projectId: AnyColumn) => SQL;
      awardedAt: (projectId: AnyColumn) => SQL;
      timeZone: string;
      since: SQL;
    },
  ) {
    const month = monthOf(o.awardedAt(projects.id), o.timeZone);
    const rows = await db
      .select({
        month,
        budget: sql<number>`coalesce(sum(${projects.budget}), 0)::float8`.mapWith(Number),
        awarded: sql<number>`coalesce(sum(${o.amountOf(projects.id)}), 0)::float8`.mapWith(Number),
      })
      .from(projects)
      .where(
        and(
          setWhere(f),
          inArray(projects.status, [...AWARDED_OR_LATER]),
          sql`${o.awardedAt(projects.id)} >= ${o.since}`,
        ),
      )
      .groupBy(BY_FIRST);
    return new Map(rows.map((r) => [r.month, { budget: r.budget, awarded: r.awarded }]));
  },

  /** The set's projects whose bid deadline or opening is still ahead, soonest deadline first. */
  upcoming: (db: Conn, f: ProjectSet, limit: number) =>
    db
      .select({
        projectId: projects.id,
        projectCode: projects.code,
        projectName: projects.name,
        model: projects.model,
        bidDeadline: projects.bidDeadline,
        openingAt: projects.openingAt,
      })
      .from(projects)
      .where(and(setWhere(f), or(sql`${projects.bidDeadline} > ${DB_NOW}`, sql`${projects.openingAt} > ${DB_NOW}`)))
      .orderBy(asc(projects.bidDeadline), asc(projects.id))
      .limit(limit),
};
