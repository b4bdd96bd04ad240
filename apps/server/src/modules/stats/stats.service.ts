import { AccountType, hasPermission } from '@lvb/contracts/access';
import { APPLICATION_STATUSES, LIVE_APPLICATION_STATUSES } from '@lvb/contracts/application-workflow';
import { ORDER_STATUSES } from '@lvb/contracts/guarantee-order-workflow';
import { Perm, type Permission } from '@lvb/contracts/permissions';
import { PROJECT_STATUSES, type ProjectStatus } from '@lvb/contracts/project-workflow';
import { Model, SEALED_MODELS } from '@lvb/contracts/projects';
import type {
  BidRecordQuery,
  Dashboard,
  ProgressQuery,
  ProgressSummary,
  SupplierHome,
  WaitingKind,
} from '@lvb/contracts/stats';
import type { ViewKey } from '@lvb/contracts/views';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformTime, platformTimeZone } from '../../i18n/format.ts';
import { text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { MENU_CATALOGUE } from '../../seed/menu-catalogue.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { applicationsRepository, projectIdsAppliedBy } from '../applications/applications.repository.ts';
import { enteredByMonth, enteredStatusAt } from '../audit-trail/audit-trail.repository.ts';
import { bidsRepository } from '../bids/bids.repository.ts';
import { drawsRepository } from '../draws/draws.repository.ts';
import { guaranteesRepository } from '../guarantees/guarantees.repository.ts';
import { noticesRepository } from '../notices/notices.repository.ts';
import { AWARDED_OR_LATER, projectStatsRepository as projectStats } from '../projects/project-stats.repository.ts';
import { projectIdsVisibleTo, projectScope } from '../projects/projects.repository.ts';
import { completionRepository } from '../results/completion.repository.ts';
import { awardedAmountOf, resultsRepository } from '../results/results.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';

/** The statuses of a project that still takes, or waits to open, its bids or its draw. */
const BEFORE_OPENING = ['published', 'signup_closed', 'evaluating'] as const;
/** The statuses of a project that has a result (its ranking), up to its completion. */
const WITH_RESULT = ['result_pending', 'result_audit', 'publicity', ...AWARDED_OR_LATER] as const;

/** The web path of a menu view: its directory's path and its own, as the menu routes are built. */
function pathOf(view: ViewKey): { path: string; list: string } {
  for (const dir of MENU_CATALOGUE) {
    const page = dir.pages.find((p) => p.view === view);
    if (page) return { path: `/${dir.path}/${page.path}`, list: `${page.perm}:list` };
  }
  throw new Error(`no menu page for ${view}`);
}

/**
 * The pages that handle each kind of waiting work, in order of preference: a caller who holds the
 * page and the permission to act there (`act`, when the page's other readers cannot act) sees the
 * kind, with the path of the first such page.
 */
const HANDLERS: Record<WaitingKind, { view: ViewKey; act?: Permission }[]> = {
  project_audits: [
    { view: 'manager/itemaudit', act: Perm.audit.project.approve },
    { view: 'item/nocheck', act: Perm.project.item.audit },
  ],
  result_audits: [
    { view: 'manager/proaudit', act: Perm.audit.result.approve },
    { view: 'mandraw/audit', act: Perm.selection.audit.approve },
  ],
  applications_to_check: [{ view: 'bidmanager/bidcheck', act: Perm.bid.check.approve }],
  // The owner opens and draws, the supervisor witnesses: both work on these pages.
  openings_today: [{ view: 'mandraw/opening' }],
  draws_today: [{ view: 'mandraw/draw' }],
  // The owner answers an objection, the auditor decides it.
  objections_open: [
    { view: 'manager/proaudit', act: Perm.audit.result.reject },
    { view: 'mandraw/confirmsign', act: Perm.selection.confirm.sign },
  ],
  vouchers_to_confirm: [{ view: 'mandraw/fee', act: Perm.selection.fee.confirm }],
  orders_to_underwrite: [{ view: 'order/index', act: Perm.guarantee.order.underwrite }],
  claims_open: [{ view: 'manager/gl', act: Perm.guarantee.letter.claim }],
  account_requests: [{ view: 'bidperson/yezhu', act: Perm.people.owner.add }],
};

/** The path of the first page of `kind` that `actor` holds and may act on, if any. */
function handlerPath(actor: SignedInUser, kind: WaitingKind): string | undefined {
  for (const h of HANDLERS[kind]) {
    const { path, list } = pathOf(h.view);
    if (hasPermission(actor, list) && (!h.act || hasPermission(actor, h.act))) return path;
  }
  return undefined;
}

/** The last twelve months (`YYYY-MM`, the platform's), oldest first, and the first instant of the first. */
async function lastTwelveMonths(db: Db): Promise<{ months: string[]; since: SQL }> {
  const [year, month] = platformTime(await databaseNow(db))
    .slice(0, 7)
    .split('-')
    .map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => {
    const n = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
  const since = sql`(${`${months[0]}-01`}::date)::timestamp at time zone ${platformTimeZone()}`;
  return { months, since };
}

/** Rows counted by status, in the order of `order` (statuses it does not name last). */
const inOrder = <S extends string>(rows: { status: string; count: number }[], order: readonly S[]) =>
  [...rows].sort(
    (a, b) =>
      (order.indexOf(a.status as S) + 1 || order.length + 1) - (order.indexOf(b.status as S) + 1 || order.length + 1) ||
      (a.status < b.status ? -1 : a.status > b.status ? 1 : 0),
  );

/**
 * Queries and statistics (seach/bidsc, seach/bidhistory) and the home page of each side. It keeps
 * no data of its own: every figure is one grouped statement of the module whose records it
 * counts, limited to the caller's data scope by the projects module's scope.
 */
export function createStatsService({ db }: { db: Db }) {
  function employee(actor: SignedInUser) {
    if (actor.types !== AccountType.employee)
      throw forbidden(text("a supplier's home page is its supplier home", '供应商请使用供应商首页'));
  }

  return {
    /** The progress of the projects in the caller's scope; `count: false` skips the total (an export's batches). */
    async progress(actor: SignedInUser, q: ProgressQuery, page: Page, o: { count: boolean } = { count: true }) {
      const { rows, total } = await projectStats.progressPage(db, q, projectScope(actor), page, {
        timeZone: platformTimeZone(),
        count: o.count,
      });
      return { rows: rows.map((r) => ({ ...r, status: r.status as ProjectStatus })), total };
    },

    async progressSummary(actor: SignedInUser, q: ProgressQuery): Promise<ProgressSummary> {
      const rows = await projectStats.progressByStatus(db, q, projectScope(actor), platformTimeZone());
      return {
        total: rows.reduce((n, r) => n + r.count, 0),
        overdue: rows.reduce((n, r) => n + r.overdue, 0),
        byStatus: inOrder(rows, PROJECT_STATUSES).map((r) => ({ status: r.status as ProjectStatus, count: r.count })),
      };
    },

    /** The sealed bids of the projects in the caller's scope; prices only from opening records. */
    bidRecords(actor: SignedInUser, q: BidRecordQuery, page: Page, o: { count: boolean } = { count: true }) {
      return bidsRepository.bidRecordPage(
        db,
        {
          projectIds: projectIdsVisibleTo(actor, { model: q.model }),
          keywordProjectIds: q.keyword ? projectIdsVisibleTo(actor, { keyword: q.keyword }) : undefined,
          keyword: q.keyword,
          projectId: q.projectId,
          beginTime: q.beginTime,
          endTime: q.endTime,
          opened: q.opened,
          timeZone: platformTimeZone(),
        },
        page,
        o,
      );
    },

    /** An employee's home page: what waits for it, and the figures of the projects in its scope. */
    async dashboard(actor: SignedInUser): Promise<Dashboard> {
      employee(actor);
      const timeZone = platformTimeZone();
      const scope = projectScope(actor);
      const visible = projectIdsVisibleTo(actor);
      const { months, since } = await lastTwelveMonths(db);
      const awardedAt = (id: Parameters<typeof awardedAmountOf>[0]) => enteredStatusAt('project', id, 'awarded');

      const [byStatus, byType, byPlace, published, awarded, awardTotals, awardsByMonth] = await Promise.all([
        projectStats.byStatus(db, { scope }),
        projectStats.byType(db, { scope }),
        projectStats.byPlace(db, { scope }),
        projectStats.publishedByMonth(db, { scope }, timeZone, since),
        enteredByMonth(db, { subjectType: 'project', status: 'awarded', subjectIds: visible, timeZone, since }),
        projectStats.awardTotals(db, { scope }, awardedAmountOf),
        projectStats.awardsByMonth(db, { scope }, { amountOf: awardedAmountOf, awardedAt, timeZone, since }),
      ]);
      const statusCount = (s: string) => byStatus.find((r) => r.status === s)?.count ?? 0;

      // Each kind is counted only for a caller whose pages handle it.
      const counts: Record<WaitingKind, () => Promise<number>> = {
        project_audits: async () => statusCount('pending_audit'),
        result_audits: async () => statusCount('result_audit'),
        applications_to_check: () => applicationsRepository.pendingCheckCount(db, visible),
        openings_today: () =>
          projectStats.count(db, {
            scope,
            models: SEALED_MODELS,
            statuses: BEFORE_OPENING,
            openingToday: timeZone,
            notIds: bidsRepository.openedProjectIds(),
          }),
        draws_today: () =>
          drawsRepository.scheduledCount(
            db,
            projectStats.ids({ scope, models: [Model.poolDraw], statuses: BEFORE_OPENING, openingToday: timeZone }),
          ),
        objections_open: () => resultsRepository.openObjectionCount(db, visible),
        vouchers_to_confirm: () => completionRepository.feeCount(db, 'submitted', visible),
        // Guarantee staff and finance see every order and claim: their pages are not scoped.
        orders_to_underwrite: () => guaranteesRepository.orderCount(db, 'underwriting'),
        claims_open: () => guaranteesRepository.filedClaimCount(db),
        account_requests: () => accountsRepository.requests.pendingCount(db),
      };
      const handled = (Object.keys(HANDLERS) as WaitingKind[]).flatMap((kind) => {
        const path = handlerPath(actor, kind);
        return path ? [{ kind, path }] : [];
      });
      const waiting = await Promise.all(handled.map(async (w) => ({ ...w, count: await counts[w.kind]() })));

      const guarantees = hasPermission(actor, Perm.guarantee.order.list)
        ? await Promise.all([
            guaranteesRepository.issuedByMonth(db, timeZone, since),
            guaranteesRepository.lettersByKind(db),
          ]).then(([issued, lettersByKind]) => ({
            premiumsByMonth: months.map((month) => ({
              month,
              premium: issued.get(month)?.premium ?? 0,
              letters: issued.get(month)?.letters ?? 0,
            })),
            lettersByKind,
          }))
        : null;

      return {
        waiting,
        projects: {
          byStatus: inOrder(byStatus, PROJECT_STATUSES).map((r) => ({
            status: r.status as ProjectStatus,
            count: r.count,
          })),
          byType,
          byPlace,
          byMonth: months.map((month) => ({
            month,
            published: published.get(month) ?? 0,
            awarded: awarded.get(month) ?? 0,
          })),
        },
        awards: {
          count: awardTotals.count,
          budget: awardTotals.budget,
          awarded: awardTotals.awarded,
          savings: awardTotals.budget - awardTotals.awarded,
          byMonth: months.map((month) => ({
            month,
            budget: awardsByMonth.get(month)?.budget ?? 0,
            awarded: awardsByMonth.get(month)?.awarded ?? 0,
          })),
        },
        guarantees,
      };
    },

    /** A supplier's home page: its own company's applications, bids, results, orders and notices. */
    async supplierHome(actor: SignedInUser): Promise<SupplierHome> {
      if (actor.types !== AccountType.supplier || !actor.company)
        throw forbidden(text('this is the home page of a supplier company', '此为供应商企业的首页'));
      const companyId = actor.company.id;
      const won = projectIdsAppliedBy(companyId, ['won', 'confirmed']);
      const [applications, bids, wonCount, notWon, orders, unreadNotices, upcoming] = await Promise.all([
        applicationsRepository.byStatusOfCompany(db, companyId),
        bidsRepository.companyBidCounts(db, companyId, projectStats.ids({ statuses: BEFORE_OPENING })),
        projectStats.count(db, { ids: won, statuses: AWARDED_OR_LATER }),
        // Took part in the result (ranked, not the winner) and did not win it in the end.
        projectStats.count(db, {
          ids: projectIdsAppliedBy(companyId, ['lost', 'declined']),
          notIds: won,
          statuses: WITH_RESULT,
        }),
        guaranteesRepository.ordersByStatusOfCompany(db, companyId),
        noticesRepository.unreadCount(db, actor.id, 'suppliers', companyId),
        projectStats.upcoming(
          db,
          { ids: projectIdsAppliedBy(companyId, LIVE_APPLICATION_STATUSES), statuses: BEFORE_OPENING },
          5,
        ),
      ]);
      return {
        applications: {
          total: applications.reduce((n, r) => n + r.count, 0),
          byStatus: inOrder(applications, APPLICATION_STATUSES),
        },
        bids,
        results: { won: wonCount, notWon },
        orders: { total: orders.reduce((n, r) => n + r.count, 0), byStatus: inOrder(orders, ORDER_STATUSES) },
        unreadNotices,
        upcoming,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
