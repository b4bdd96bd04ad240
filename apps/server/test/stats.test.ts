import ExcelJS from 'exceljs';
import { Perm } from '@lvb/contracts/permissions';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { runAwardTick } from '../src/modules/results/results.scheduler.ts';
import { statusLabel } from '../src/lib/workflow.ts';
import { applyTo, biddingApp, biddingScene, reachOpening, sealed, type Bidder } from './bids-fixtures.ts';
import {
  as,
  createProject,
  createSupplier,
  employeeWith,
  ownerOfNewOrganisation,
  projectOptions,
  signInAs,
  uploadPdf,
} from './factories.ts';
import { GUARANTEE, guaranteeKit, type Applicant } from './guarantee-fixtures.ts';
import { resultsKit } from './results-fixtures.ts';
import { smsCodeFor, type TestApp } from './test-app.ts';

/**
 * Queries, statistics and home pages (seach/bidsc, seach/bidhistory, /adminindex): every figure
 * is checked against an independent count of the database, in each caller's data scope; prices
 * appear only from the opening record; progress follows the business clock; exports answer
 * workbooks in the reader's language.
 */

const TZ = process.env.TZ || 'Asia/Shanghai';
const DAY_S = 86_400;
const DAY_MS = DAY_S * 1000;

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string, finance: string, guarantor: string;
let ownerB: { token: string; orgId: number };
let orgA: number;
/** A1 awarded (its winner's first bid replaced), its fee voucher waiting for finance. */
let awarded: { projectId: number; bidders: Bidder[] };
/** A2 in publicity with an objection open. */
let objected: { projectId: number; bidders: Bidder[] };
/** A3 two sealed bids, at its opening time, not opened. */
let sealedScene: { projectId: number; bidders: Bidder[] };
/** A4 a published project with an application waiting for its check. */
let pending: Applicant;
/** A5 a result waiting for its audit. */
let auditing: { projectId: number; bidders: Bidder[] };
/** A6 a best-value project opened today, evaluating for its panel. */
let bestValue: { projectId: number; bidders: Bidder[] };
let poolProjectId: number;
let projectB: number, pendingB: number, draftB: number;

const kit = resultsKit(() => ({ t, owner, auditor, supervisor }));
const gkit = guaranteeKit(() => ({ t, guarantor, owner, auditor }));
const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const isoDay = (days = 0) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
  [finance, guarantor] = await Promise.all([signInAs(t, 'finance1'), signInAs(t, 'guarantor1')]);
  ownerB = await ownerOfNewOrganisation(t, admin, 'Xihu District Roads Office');

  // A1: ranked, confirmed, approved, awarded after its publicity; its winner had replaced a bid.
  awarded = await kit.inPublicity(3, 3_000_000, async (projectId, bidders) => {
    await sealed(t, bidders[0]!, projectId, 3_900_000);
  });
  await kit.afterPublicity();
  expect(await runAwardTick(t.database.db)).toBe(1);
  await kit.moveClock(0);
  const winner = awarded.bidders[0]!;
  const confirmed = await as(t.app, winner.token).post(`/api/results/${awarded.projectId}/award/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const voucher = await as(t.app, winner.token).post(`/api/results/${awarded.projectId}/fee/voucher`, {
    voucher: await uploadPdf(t, winner.token),
  });
  expect(voucher.statusCode, voucher.body).toBe(200);
  orgA = (await one<{ org: number }>(sql`select owner_dept_id as org from projects where id = ${awarded.projectId}`))
    .org;

  // A2: in publicity, a participant objects.
  objected = await kit.inPublicity(3, 4_000_000);
  const objection = await kit.object(objected.projectId, objected.bidders[1]!);
  expect(objection.statusCode, objection.body).toBe(200);

  // A5: the owner confirmed its result; the auditor has not decided yet.
  auditing = await kit.rankedProject(3, 6_000_000);
  expect((await kit.confirm(auditing.projectId)).statusCode).toBe(200);

  // A3: two sealed bids (the second bidder's replaced once), the opening time has come.
  sealedScene = await biddingScene(t, { owner, auditor }, 2);
  await sealed(t, sealedScene.bidders[1]!, sealedScene.projectId, 5_020_000);
  for (const [i, b] of sealedScene.bidders.entries()) await sealed(t, b, sealedScene.projectId, 5_000_000 + i * 10_000);
  await reachOpening(t, sealedScene.projectId);

  // A6: a best-value project opened today: it stays evaluating for its panel's scoring.
  bestValue = await biddingScene(t, { owner, auditor }, 3, { model: 3, minParticipants: 3 });
  for (const [i, b] of bestValue.bidders.entries()) {
    const res = await as(t.app, b.token).post(`/api/bidding3/projects/${bestValue.projectId}/bids`, {
      priceFen: 7_000_000 + i * 100_000,
      proposals: [await uploadPdf(t, b.token)],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await reachOpening(t, bestValue.projectId);
  expect((await as(t.app, supervisor).post(`/api/openings/${bestValue.projectId}/witness`)).statusCode).toBe(200);
  const openedBestValue = await as(t.app, owner).post(`/api/openings/${bestValue.projectId}/open`);
  expect(openedBestValue.json().data?.outcome, openedBestValue.body).toBe('scoring');

  // A4: an application waiting for its check; A3's first bidder applies there too.
  pending = await gkit.applicant();
  await applyTo(t, sealedScene.bidders[0]!, pending.projectId);

  // Guarantees: a letter issued and claimed on by the owner; an order waiting for underwriting.
  const { productId } = await gkit.autoProduct();
  const holder = await gkit.applicant();
  const letter = await gkit.issued(holder, productId, finance);
  const taken = await as(t.app, holder.token).put(`/api/supplier/applications/${holder.applicationId}/guarantee`, {
    orderId: letter.id,
  });
  expect(taken.statusCode, taken.body).toBe(200);
  const claim = await as(t.app, owner).post('/api/guarantee/claims', {
    applicationId: holder.applicationId,
    amountFen: GUARANTEE,
    reason: 'The bidder withdrew after the bid deadline',
    files: [await uploadPdf(t, owner)],
  });
  expect(claim.statusCode, claim.body).toBe(200);
  const { productId: underwritten } = await gkit.autoProduct({ autoApproveLimitFen: 0 });
  const u = await gkit.applicant();
  const orderId = await gkit.awaitingPayment(u, underwritten);
  const paid = await as(t.app, finance).post(`/api/guarantee/orders/${orderId}/confirm-payment`);
  expect(paid.json().data?.status, paid.body).toBe('underwriting');

  // A pool draw scheduled, its draw time today.
  const options = await projectOptions(t);
  const typeId = options.typeId('construction');
  const cityId = options.places[0]!.children![0]!.id;
  for (let i = 0; i < 2; i++) {
    const s = await createSupplier(t);
    const member = await as(t.app, admin).post('/api/pool/members', {
      companyId: s.compId,
      typeId,
      placeId: cityId,
      validFrom: isoDay(-30),
      validTo: isoDay(400),
    });
    expect(member.statusCode, member.body).toBe(200);
  }
  poolProjectId = await createProject(t, { owner, auditor }, 'published', {
    model: 1,
    guaranteeRequired: false,
    guaranteeAmount: 0,
    signupStart: at(-DAY_S),
    bidDeadline: at(3 * DAY_S),
    openingAt: at(4 * DAY_S),
  });
  const scheduled = await as(t.app, owner).post('/api/draws', {
    projectId: poolProjectId,
    typeId,
    subCategoryId: null,
    placeId: options.districtId,
    reserves: 1,
  });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  await t.database.db.execute(
    sql`update projects set bid_deadline = least(bid_deadline, now()), opening_at = now() where id = ${poolProjectId}`,
  );

  // Organisation B: a published project, one waiting for audit, a draft.
  const people = { owner: ownerB.token, auditor };
  projectB = await createProject(t, people, 'published', { name: 'Resurfacing of Wensan Road' });
  pendingB = await createProject(t, people, 'pending_audit', { name: 'Lighting of Tianmushan Road' });
  draftB = await createProject(t, people, 'draft', { name: 'Drainage of Gudun Road' });

  // A request for a back-office account.
  const tel = '13600000077';
  const request = await t.app.inject({
    method: 'POST',
    url: '/api/employee/register',
    payload: {
      orgName: 'Gongshu District Parks Bureau',
      departCategory: 'government',
      contactName: 'Lin Qiu',
      tel,
      loginUid: 'gongshu_parks',
      ...(await smsCodeFor(t.app, tel, 'register')),
    },
  });
  expect(request.json().code, request.body).toBe(200);
}, 600_000);
afterAll(() => t.close());
afterEach(() => kit.moveClock(0));

/** Projects of organisation `org`, or every project (null), as the data scope of their readers. */
const scopeOf = (org: number | null) => (org === null ? sql`true` : sql`p.owner_dept_id = ${org}`);
const today = (column: SQL) => sql`(${column} at time zone ${TZ})::date = (app_now() at time zone ${TZ})::date`;
const byKey = <T extends Record<string, unknown>>(list: T[], key: keyof T) =>
  [...list].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

/** The last twelve months of the platform, oldest first, as the database counts them. */
const lastMonths = async () =>
  (
    await rows<{ month: string }>(sql`select to_char(m, 'YYYY-MM') as month from generate_series(
      date_trunc('month', app_now() at time zone ${TZ}) - interval '11 months',
      date_trunc('month', app_now() at time zone ${TZ}), interval '1 month') m order by m`)
  ).map((r) => r.month);
const monthly = async <T>(query: SQL) => new Map((await rows<T & { month: string }>(query)).map((r) => [r.month, r]));

/** Each waiting kind counted independently, in the scope of organisation `org` (null: all). */
async function waitingCounts(org: number | null): Promise<Record<string, number>> {
  const scope = scopeOf(org);
  const n = async (query: SQL) => (await one<{ n: number }>(query)).n;
  return {
    project_audits: await n(sql`select count(*)::int as n from projects p where ${scope} and status = 'pending_audit'`),
    result_audits: await n(sql`select count(*)::int as n from projects p where ${scope} and status = 'result_audit'`),
    applications_to_check: await n(
      sql`select count(*)::int as n from applications a join projects p on p.id = a.project_id
        where ${scope} and a.status = 'pending_check'`,
    ),
    openings_today: await n(
      sql`select count(*)::int as n from projects p where ${scope} and p.model in (2, 3)
        and p.status in ('published', 'signup_closed', 'evaluating') and ${today(sql`p.opening_at`)}
        and not exists (select 1 from openings o where o.project_id = p.id)`,
    ),
    draws_today: await n(
      sql`select count(*)::int as n from draws d join projects p on p.id = d.project_id
        where ${scope} and d.status = 'scheduled' and ${today(sql`p.opening_at`)}`,
    ),
    objections_open: await n(
      sql`select count(*)::int as n from objections o join projects p on p.id = o.project_id
        where ${scope} and o.status in ('open', 'answered')`,
    ),
    vouchers_to_confirm: await n(
      sql`select count(*)::int as n from service_fees f join projects p on p.id = f.project_id
        where ${scope} and f.status = 'submitted'`,
    ),
    orders_to_underwrite: await n(sql`select count(*)::int as n from guarantee_orders where status = 'underwriting'`),
    claims_open: await n(sql`select count(*)::int as n from guarantee_claims where status = 'filed'`),
    account_requests: await n(sql`select count(*)::int as n from account_requests where status = 'pending'`),
  };
}

/** The dashboard's charts counted independently, in the scope of organisation `org` (null: all). */
async function charts(org: number | null) {
  const scope = scopeOf(org);
  const months = await lastMonths();
  const published = await monthly<{ n: number }>(
    sql`select to_char(p.published_at at time zone ${TZ}, 'YYYY-MM') as month, count(*)::int as n
      from projects p where ${scope} and p.published_at is not null group by 1`,
  );
  const awardedIn = await monthly<{ n: number }>(
    sql`select to_char(a.created_at at time zone ${TZ}, 'YYYY-MM') as month, count(distinct a.subject_id)::int as n
      from audit_trail a join projects p on p.id = a.subject_id
      where a.subject_type = 'project' and a.data ->> 'to' = 'awarded' and ${scope} group by 1`,
  );
  const awardRows = sql`select p.budget, c.amount_fen, (select max(a.created_at) from audit_trail a
      where a.subject_type = 'project' and a.subject_id = p.id and a.data ->> 'to' = 'awarded') as awarded_at
    from projects p left join lateral (select rc.amount_fen from result_confirmations rc
      where rc.project_id = p.id order by rc.id desc limit 1) c on true
    where ${scope} and p.status in ('awarded', 'contracted', 'accepted', 'completed')`;
  const totals = await one<{ count: number; budget: number; awarded: number }>(
    sql`select count(*)::int as count, coalesce(sum(x.budget), 0)::float8 as budget,
      coalesce(sum(x.amount_fen), 0)::float8 as awarded from (${awardRows}) x`,
  );
  const awardsIn = await monthly<{ budget: number; awarded: number }>(
    sql`select to_char(x.awarded_at at time zone ${TZ}, 'YYYY-MM') as month, sum(x.budget)::float8 as budget,
      coalesce(sum(x.amount_fen), 0)::float8 as awarded from (${awardRows}) x group by 1`,
  );
  return {
    projects: {
      byStatus: await rows(sql`select status, count(*)::int as count from projects p where ${scope} group by status`),
      byType: await rows(
        sql`select p.type_id as "typeId", t.name, t.name_zh as "nameZh", count(*)::int as count
          from projects p join project_types t on t.id = p.type_id where ${scope} group by 1, 2, 3`,
      ),
      byPlace: await rows(
        sql`select p.place_id as "placeId", pl.name, pl.name_zh as "nameZh", count(*)::int as count
          from projects p join places pl on pl.id = p.place_id where ${scope} group by 1, 2, 3`,
      ),
      byMonth: months.map((month) => ({
        month,
        published: published.get(month)?.n ?? 0,
        awarded: awardedIn.get(month)?.n ?? 0,
      })),
    },
    awards: {
      ...totals,
      savings: totals.budget - totals.awarded,
      byMonth: months.map((month) => ({
        month,
        budget: awardsIn.get(month)?.budget ?? 0,
        awarded: awardsIn.get(month)?.awarded ?? 0,
      })),
    },
  };
}

async function guaranteeCharts() {
  const months = await lastMonths();
  const issued = await monthly<{ premium: number; letters: number }>(
    sql`select to_char(issued_at at time zone ${TZ}, 'YYYY-MM') as month, sum(premium_fen)::float8 as premium,
      count(*)::int as letters from guarantee_orders where letter_no is not null group by 1`,
  );
  return {
    premiumsByMonth: months.map((month) => ({
      month,
      premium: issued.get(month)?.premium ?? 0,
      letters: issued.get(month)?.letters ?? 0,
    })),
    lettersByKind: await rows(
      sql`select kind, count(*)::int as count from guarantee_orders where letter_no is not null group by kind`,
    ),
  };
}

const dashboardOf = async (token: string) => {
  const res = await as(t.app, token).get('/api/stats/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The dashboard of `token` equals the independent counts: its kinds with their pages, its charts. */
async function expectDashboard(token: string, org: number | null, kinds: Record<string, string>, guarantees: boolean) {
  const d = await dashboardOf(token);
  const counts = await waitingCounts(org);
  expect(byKey(d.waiting, 'kind')).toEqual(
    byKey(
      Object.entries(kinds).map(([kind, path]) => ({ kind, path, count: counts[kind] })),
      'kind',
    ),
  );
  const expected = await charts(org);
  expect(byKey(d.projects.byStatus, 'status')).toEqual(byKey(expected.projects.byStatus as never[], 'status'));
  expect(byKey(d.projects.byType, 'typeId')).toEqual(byKey(expected.projects.byType as never[], 'typeId'));
  expect(byKey(d.projects.byPlace, 'placeId')).toEqual(byKey(expected.projects.byPlace as never[], 'placeId'));
  expect(d.projects.byMonth).toEqual(expected.projects.byMonth);
  expect(d.awards).toEqual(expected.awards);
  expect(d.guarantees).toEqual(guarantees ? await guaranteeCharts() : null);
  return { d, counts };
}

describe('the dashboard', () => {
  it('answers the administrator every waiting kind and every figure, as the database counts them', async () => {
    const { d, counts } = await expectDashboard(
      admin,
      null,
      {
        project_audits: '/audit/itemaudit',
        result_audits: '/audit/proaudit',
        applications_to_check: '/bidmanager/bidcheck',
        openings_today: '/mandraw/opening',
        draws_today: '/mandraw/draw',
        objections_open: '/audit/proaudit',
        vouchers_to_confirm: '/mandraw/fee',
        orders_to_underwrite: '/guarantee/order',
        claims_open: '/guarantee/gl',
        account_requests: '/people/yezhu',
      },
      true,
    );
    // The scene has work of every kind: each count is proved on something.
    for (const [kind, n] of Object.entries(counts)) expect(n, kind).toBeGreaterThanOrEqual(1);
    expect(d.awards.count).toBe(1);
    expect(d.awards.awarded).toBe(3_000_000);
    expect(d.awards.savings).toBe(200_000_000 - 3_000_000);
    expect(d.guarantees.lettersByKind).toEqual([{ kind: 'bid', count: 1 }]);
    expect(d.projects.byMonth).toHaveLength(12);
  });

  it("keeps an owner to its organisation's projects; auditors, finance and guarantee staff see their kinds", async () => {
    const a = await expectDashboard(
      owner,
      orgA,
      {
        applications_to_check: '/bidmanager/bidcheck',
        openings_today: '/mandraw/opening',
        draws_today: '/mandraw/draw',
        objections_open: '/mandraw/confirmsign',
      },
      false,
    );
    const b = await expectDashboard(
      ownerB.token,
      ownerB.orgId,
      {
        applications_to_check: '/bidmanager/bidcheck',
        openings_today: '/mandraw/opening',
        draws_today: '/mandraw/draw',
        objections_open: '/mandraw/confirmsign',
      },
      false,
    );
    // Organisation B has nothing waiting and three projects; A's figures are not in its answer.
    expect(b.d.waiting.map((w: { count: number }) => w.count)).toEqual([0, 0, 0, 0]);
    expect(b.d.projects.byStatus.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(3);
    expect(a.counts.openings_today).toBe(1);
    expect(a.counts.draws_today).toBe(1);
    expect(b.d.awards.count).toBe(0);

    await expectDashboard(
      auditor,
      null,
      {
        project_audits: '/audit/itemaudit',
        result_audits: '/audit/proaudit',
        applications_to_check: '/bidmanager/bidcheck',
        objections_open: '/audit/proaudit',
      },
      false,
    );
    await expectDashboard(finance, null, { vouchers_to_confirm: '/mandraw/fee' }, true);
    await expectDashboard(
      guarantor,
      null,
      { orders_to_underwrite: '/guarantee/order', claims_open: '/guarantee/gl' },
      true,
    );
  });

  it('refuses suppliers, who have their own home page, and employees their home page', async () => {
    expect((await as(t.app, pending.token).get('/api/stats/dashboard')).statusCode).toBe(403);
    expect((await as(t.app, owner).get('/api/stats/supplier-home')).statusCode).toBe(403);
  });
});

describe('the supplier home page', () => {
  const homeOf = async (token: string) => {
    const res = await as(t.app, token).get('/api/stats/supplier-home');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** The figures of company `compId` counted independently. */
  async function expectedHome(compId: number) {
    const byStatus = (table: string) =>
      rows<{ status: string; count: number }>(
        sql`select status, count(*)::int as count from ${sql.identifier(table)} where company_id = ${compId} group by status`,
      );
    const applications = await byStatus('applications');
    const orders = await byStatus('guarantee_orders');
    const bids = await one<{ submitted: number; sealed: number }>(
      sql`select count(*)::int as submitted, count(*) filter (where b.superseded_at is null
          and p.status in ('published', 'signup_closed', 'evaluating')
          and not exists (select 1 from openings o where o.project_id = b.project_id))::int as sealed
        from bids b join projects p on p.id = b.project_id where b.company_id = ${compId}`,
    );
    const results = await one<{ won: number; notWon: number }>(
      sql`select count(distinct p.id) filter (where a.status in ('won', 'confirmed')
          and p.status in ('awarded', 'contracted', 'accepted', 'completed'))::int as won,
        count(distinct p.id) filter (where a.status in ('lost', 'declined')
          and p.status in ('result_pending', 'result_audit', 'publicity', 'awarded', 'contracted', 'accepted', 'completed')
          and not exists (select 1 from applications w where w.project_id = p.id and w.company_id = ${compId}
            and w.status in ('won', 'confirmed')))::int as "notWon"
        from applications a join projects p on p.id = a.project_id where a.company_id = ${compId}`,
    );
    const upcoming = await rows(
      sql`select p.id as "projectId", p.code as "projectCode", p.name as "projectName", p.model,
          p.bid_deadline as "bidDeadline", p.opening_at as "openingAt"
        from projects p where p.status in ('published', 'signup_closed', 'evaluating')
          and (p.bid_deadline > app_now() or p.opening_at > app_now())
          and p.id in (select project_id from applications where company_id = ${compId}
            and status in ('pending_check', 'qualified', 'won', 'lost', 'confirmed', 'declined'))
        order by p.bid_deadline, p.id limit 5`,
    );
    return {
      applications: { total: applications.reduce((n, r) => n + r.count, 0), byStatus: applications },
      bids,
      results,
      orders: { total: orders.reduce((n, r) => n + r.count, 0), byStatus: orders },
      upcoming: (upcoming as Record<string, unknown>[]).map((u) => ({
        ...u,
        bidDeadline: new Date(u.bidDeadline as string).toISOString(),
        openingAt: new Date(u.openingAt as string).toISOString(),
      })),
    };
  }

  const unreadOf = async (compId: number, userId: number) =>
    (
      await one<{ n: number }>(
        sql`select count(*)::int as n from notices n where n.status = '0' and n.audience in ('all', 'suppliers')
          and (n.company_id is null or n.company_id = ${compId})
          and not exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ${userId})`,
      )
    ).n;

  async function expectHome(s: { token: string; compId: number; userId: number }) {
    const home = await homeOf(s.token);
    const expected = await expectedHome(s.compId);
    expect({ ...home.applications, byStatus: byKey(home.applications.byStatus, 'status') }).toEqual({
      ...expected.applications,
      byStatus: byKey(expected.applications.byStatus, 'status'),
    });
    expect({ ...home.orders, byStatus: byKey(home.orders.byStatus, 'status') }).toEqual({
      ...expected.orders,
      byStatus: byKey(expected.orders.byStatus, 'status'),
    });
    expect(home.bids).toEqual(expected.bids);
    expect(home.results).toEqual(expected.results);
    expect(home.upcoming).toEqual(expected.upcoming);
    expect(home.unreadNotices).toBe(await unreadOf(s.compId, s.userId));
    return home;
  }

  it("counts a bidder's applications, sealed bids and next deadlines", async () => {
    const home = await expectHome(sealedScene.bidders[0]!);
    expect(home.applications.total).toBe(2);
    expect(home.bids).toEqual({ sealed: 1, submitted: 1 });
    expect(home.upcoming.map((u: { projectId: number }) => u.projectId)).toEqual([pending.projectId]);
    // A replaced bid was submitted but is not sealed; bids of an opened project are not sealed.
    expect((await expectHome(sealedScene.bidders[1]!)).bids).toEqual({ sealed: 1, submitted: 2 });
    expect((await expectHome(bestValue.bidders[0]!)).bids).toEqual({ sealed: 0, submitted: 1 });
  });

  it("counts the winner's and the others' results, and a guarantee applicant's orders", async () => {
    const winner = await expectHome(awarded.bidders[0]!);
    expect(winner.results).toEqual({ won: 1, notWon: 0 });
    expect(winner.bids).toEqual({ sealed: 0, submitted: 2 });
    expect((await expectHome(awarded.bidders[1]!)).results).toEqual({ won: 0, notWon: 1 });
    // A result in publicity is a result: its other participants did not win it.
    expect((await expectHome(objected.bidders[2]!)).results).toEqual({ won: 0, notWon: 1 });
    expect((await expectHome(objected.bidders[0]!)).results).toEqual({ won: 0, notWon: 0 });
    const applicant = await expectHome(pending);
    expect(applicant.orders.total).toBe(0);
  });

  it('counts a notice as read once the supplier opens it, and opens only the notices it may read', async () => {
    const s = objected.bidders[2]!;
    const before = (await homeOf(s.token)).unreadNotices;
    const listed = (await as(t.app, s.token).get('/api/supplier/notices?pageSize=100')).json();
    expect(before).toBe(listed.total);
    expect(before).toBeGreaterThan(1);
    const first = listed.rows[0];
    const opened = await as(t.app, s.token).get(`/api/supplier/notices/${first.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ id: first.id, title: first.title, content: first.content });
    expect((await homeOf(s.token)).unreadNotices).toBe(before - 1);
    // Opening it again changes nothing; another supplier's reading is its own.
    await as(t.app, s.token).get(`/api/supplier/notices/${first.id}`);
    expect((await homeOf(s.token)).unreadNotices).toBe(before - 1);
    expect((await homeOf(objected.bidders[1]!.token)).unreadNotices).toBe(
      await unreadOf(objected.bidders[1]!.compId, objected.bidders[1]!.userId),
    );
    expect(await unreadOf(s.compId, s.userId)).toBe(before - 1);
    // Another company's notice, and one for staff, are not its to open.
    const others = await one<{ id: number }>(
      sql`select id from notices where company_id is not null and company_id <> ${s.compId} limit 1`,
    );
    expect((await as(t.app, s.token).get(`/api/supplier/notices/${others.id}`)).statusCode).toBe(404);
    const staffOnly = await as(t.app, admin).post('/api/system/notices', {
      title: 'Staff meeting',
      noticeType: 'notification',
      audience: 'staff',
      content: '<p>Friday</p>',
      status: '0',
    });
    expect(staffOnly.statusCode, staffOnly.body).toBe(200);
    expect((await as(t.app, s.token).get(`/api/supplier/notices/${staffOnly.json().data.id}`)).statusCode).toBe(404);
    expect((await homeOf(s.token)).unreadNotices).toBe(before - 1);
  });
});

describe('project progress', () => {
  const progressOf = async (token: string, query = '') => {
    const res = await as(t.app, token).get(`/api/stats/progress?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; total: number };
  };
  const enteredAt = async (id: number, status: string) =>
    (
      await one<{ at: string }>(
        sql`select max(created_at) as at from audit_trail where subject_type = 'project' and subject_id = ${id}
          and data ->> 'to' = ${status}`,
      )
    ).at;
  const project = (id: number) =>
    one<{
      created_at: string;
      bid_deadline: string;
      opening_at: string;
      publicity_ends_at: string | null;
      window_days: number;
    }>(
      sql`select p.created_at, p.bid_deadline, p.opening_at, p.publicity_ends_at,
        coalesce((select bid_window_days from process_settings s where s.type_id = p.type_id and s.model = p.model), 0)
          as window_days
        from projects p where p.id = ${id}`,
    );
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  const rowOf = (list: { rows: Record<string, unknown>[] }, id: number) => list.rows.find((r) => r.id === id)!;

  it("keeps an owner to its organisation's projects and says since when each waits, for what, until when", async () => {
    const b = await progressOf(ownerB.token);
    expect(b.rows.map((r) => r.id).sort()).toEqual([projectB, pendingB, draftB].sort());
    expect(b.total).toBe(3);
    expect(b.rows.every((r) => r.ownerDeptId === ownerB.orgId)).toBe(true);
    const all = await progressOf(auditor);
    expect(all.total).toBe((await one<{ n: number }>(sql`select count(*)::int as n from projects`)).n);

    const published = rowOf(b, projectB);
    const p = await project(projectB);
    expect(published).toMatchObject({
      status: 'published',
      stageSince: iso(await enteredAt(projectB, 'published')),
      daysInStage: 0,
      nextStep: 'close_signup',
      nextDueAt: iso(p.bid_deadline),
      overdueDays: 0,
      name: 'Resurfacing of Wensan Road',
      ownerName: 'Xihu District Roads Office',
    });
    expect(rowOf(b, pendingB)).toMatchObject({
      stageSince: iso(await enteredAt(pendingB, 'pending_audit')),
      nextStep: null,
      nextDueAt: null,
      overdueDays: 0,
    });
    expect(rowOf(b, draftB)).toMatchObject({
      stageSince: iso((await project(draftB)).created_at),
      nextStep: null,
    });

    // The other steps: the result after the opening window, the end of publicity, none under audit.
    const a3 = await project(sealedScene.projectId);
    expect(rowOf(all, sealedScene.projectId)).toMatchObject({
      status: 'evaluating',
      nextStep: 'result',
      nextDueAt: iso(new Date(new Date(a3.opening_at).getTime() + a3.window_days * DAY_MS)),
    });
    expect(rowOf(all, objected.projectId)).toMatchObject({
      nextStep: 'publicity_end',
      nextDueAt: iso((await project(objected.projectId)).publicity_ends_at),
    });
    expect(rowOf(all, auditing.projectId)).toMatchObject({ status: 'result_audit', nextStep: null });
    expect(rowOf(all, bestValue.projectId)).toMatchObject({ status: 'evaluating', nextStep: 'result' });
    expect(rowOf(all, awarded.projectId)).toMatchObject({ status: 'awarded', nextStep: null });
    expect(rowOf(all, poolProjectId)).toMatchObject({ status: 'published', nextStep: 'evaluation' });
  });

  it('counts days in the stage and days overdue by the business clock, overdue projects first', async () => {
    const p = await project(projectB);
    const stageSince = new Date(await enteredAt(projectB, 'published')).getTime();
    const { s } = await one<{ s: number }>(
      sql`select extract(epoch from bid_deadline - now())::int as s from projects where id = ${projectB}`,
    );
    await kit.moveClock(s + 2 * DAY_S + 3600);
    const b = await progressOf(ownerB.token);
    expect(rowOf(b, projectB)).toMatchObject({
      nextStep: 'close_signup',
      overdueDays: 2,
      daysInStage: Math.floor((new Date(p.bid_deadline).getTime() + (2 * DAY_S + 3600) * 1000 - stageSince) / DAY_MS),
    });
    expect(b.rows[0]!.id).toBe(projectB);
    expect((await progressOf(ownerB.token, '&overdue=1')).rows.map((r) => r.id)).toEqual([projectB]);
    const summary = await as(t.app, ownerB.token).get('/api/stats/progress/summary');
    expect(summary.json().data).toEqual({
      total: 3,
      overdue: 1,
      byStatus: [
        { status: 'draft', count: 1 },
        { status: 'pending_audit', count: 1 },
        { status: 'published', count: 1 },
      ],
    });

    // Everything overdue by the moved clock comes first, longest overdue first, and is what the filter finds.
    const now = new Date((await t.app.inject({ method: 'GET', url: '/api/dev/clock' })).json().data.now).getTime();
    const all = await progressOf(auditor);
    const late = (r: Record<string, unknown>) =>
      r.nextDueAt !== null && new Date(r.nextDueAt as string).getTime() < now;
    const lateIds = all.rows.filter(late).map((r) => r.id);
    expect(lateIds.length).toBeGreaterThan(2);
    expect(all.rows.slice(0, lateIds.length).map((r) => r.id)).toEqual(lateIds);
    const days = all.rows.slice(0, lateIds.length).map((r) => r.overdueDays as number);
    expect(days).toEqual([...days].sort((x, y) => y - x));
    const overdue = await progressOf(auditor, '&overdue=1');
    expect(overdue.rows.map((r) => r.id)).toEqual(lateIds);
    expect(overdue.total).toBe(lateIds.length);
    const allSummary = (await as(t.app, auditor).get('/api/stats/progress/summary')).json().data;
    expect(allSummary.overdue).toBe(lateIds.length);
    expect(allSummary.total).toBe(all.total);
  });

  it('filters by keyword, type, place, model, status, owner and creation day', async () => {
    const count = async (where: SQL) =>
      (await one<{ n: number }>(sql`select count(*)::int as n from projects p where ${where}`)).n;
    const options = await projectOptions(t);
    const cityId = options.places[0]!.children![0]!.id;
    const cases: [string, SQL][] = [
      ['&keyword=Wensan', sql`p.name ilike '%Wensan%'`],
      [`&typeId=${options.typeId('construction')}`, sql`p.type_id = ${options.typeId('construction')}`],
      [
        `&placeId=${cityId}`,
        sql`p.place_id in (select id from places where id = ${cityId} or (',' || ancestors || ',') like ${`%,${cityId},%`})`,
      ],
      ['&model=1', sql`p.model = 1`],
      ['&status=published', sql`p.status = 'published'`],
      [`&ownerDeptId=${ownerB.orgId}`, sql`p.owner_dept_id = ${ownerB.orgId}`],
    ];
    for (const [query, where] of cases) {
      const list = await progressOf(auditor, query);
      expect(list.total, query).toBe(await count(where));
      expect(list.total, query).toBeGreaterThan(0);
    }
    const keyword = await progressOf(auditor, '&keyword=Wensan&status=published');
    expect(keyword.rows.map((r) => r.id)).toEqual([projectB]);
    // Creation days are the platform's.
    const { day } = await one<{ day: string }>(sql`select to_char(now() at time zone ${TZ}, 'YYYY-MM-DD') as day`);
    const next = (d: string, n: number) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    const madeToday = await count(sql`(p.created_at at time zone ${TZ})::date = ${day}::date`);
    expect((await progressOf(auditor, `&beginTime=${day}&endTime=${day}`)).total).toBe(madeToday);
    expect((await progressOf(auditor, `&beginTime=${next(day, 1)}`)).total).toBe(0);
    expect((await progressOf(auditor, `&endTime=${next(day, -1)}`)).total).toBe(0);
    const bad = await as(t.app, auditor).get('/api/stats/progress?beginTime=tomorrow');
    expect(bad.statusCode).toBe(400);
  });

  it('is refused to callers without the statistics pages', async () => {
    const outsider = await employeeWith(t, admin, [Perm.project.query.list]);
    for (const url of ['/api/stats/progress', '/api/stats/progress/summary', '/api/stats/progress/export'])
      expect((await as(t.app, outsider.token).get(url)).statusCode, url).toBe(403);
    expect((await as(t.app, pending.token).get('/api/stats/progress')).statusCode).toBe(403);
    // Guarantee staff have the progress page and not the bid records.
    expect((await as(t.app, guarantor).get('/api/stats/progress')).statusCode).toBe(200);
    expect((await as(t.app, guarantor).get('/api/stats/bids')).statusCode).toBe(403);
    expect((await as(t.app, guarantor).get('/api/stats/bids/export')).statusCode).toBe(403);
    expect((await as(t.app, pending.token).get('/api/stats/bids')).statusCode).toBe(403);
  });

  it("gives the progress page's readers its owner filter: the owner organisations in their scope", async () => {
    const names = async (token: string) => {
      const res = await as(t.app, token).get('/api/projects/owners');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string }[]).map((o) => o.name).sort();
    };
    const visible = await queryRows<{ name: string }>(
      t.database.db,
      sql`select distinct d.name from projects p join departments d on d.id = p.owner_dept_id order by 1`,
    );
    // Guarantee staff hold the progress page and no project page; they see every owner.
    expect(await names(guarantor)).toEqual(visible.map((r) => r.name).sort());
    expect((await as(t.app, pending.token).get('/api/projects/owners')).statusCode).toBe(403);
  });
});

/** The cells of a workbook's first sheet, row by row. */
async function sheetOf(res: LightMyRequestResponse): Promise<unknown[][]> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('bid records', () => {
  const bidsOf = async (token: string, query = '') => {
    const res = await as(t.app, token).get(`/api/stats/bids?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; total: number };
  };
  /** Each bid of the opening record of `projectId`: its price and rank. */
  const recordOf = async (projectId: number) => {
    const { record } = await one<{ record: { bids: { bidId: number; priceFen: number; rank: number | null }[] } }>(
      sql`select record from openings where project_id = ${projectId}`,
    );
    return new Map(record.bids.map((b) => [b.bidId, b]));
  };
  const bidCount = async (where: SQL) =>
    (
      await one<{ n: number }>(
        sql`select count(*)::int as n from bids b join projects p on p.id = b.project_id where ${where}`,
      )
    ).n;

  it("shows an owner its organisation's bids and an auditor all, prices only from the opening record", async () => {
    expect((await bidsOf(auditor)).total).toBe(await bidCount(sql`true`));
    expect((await bidsOf(owner)).total).toBe(await bidCount(sql`p.owner_dept_id = ${orgA}`));
    expect((await bidsOf(ownerB.token)).total).toBe(0);

    // Opened: each live bid's price and rank are the record's; the replaced bid has none.
    const a1 = await bidsOf(auditor, `&projectId=${awarded.projectId}`);
    const record = await recordOf(awarded.projectId);
    expect(a1.total).toBe(4);
    const replaced = a1.rows.filter((r) => r.replaced);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({ price: null, rank: null, companyId: awarded.bidders[0]!.compId });
    for (const r of a1.rows.filter((x) => !x.replaced)) {
      expect(r.price).toBe(record.get(r.id as number)!.priceFen);
      expect(r.rank).toBe(record.get(r.id as number)!.rank);
      expect(r.openedAt).not.toBeNull();
    }
    expect(a1.rows.find((r) => r.companyId === awarded.bidders[0]!.compId && !r.replaced)).toMatchObject({
      price: 3_000_000,
      rank: 1,
    });
    // Newest first.
    const times = a1.rows.map((r) => new Date(r.submittedAt as string).getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('filters by keyword, project, model, day and opening', async () => {
    const company = awarded.bidders[2]!;
    const byCompany = await bidsOf(auditor, `&keyword=${encodeURIComponent(company.compName)}`);
    expect(byCompany.rows.map((r) => r.companyId)).toEqual([company.compId]);
    const { code } = await one<{ code: string }>(sql`select code from projects where id = ${objected.projectId}`);
    expect((await bidsOf(auditor, `&keyword=${code}`)).rows.every((r) => r.projectId === objected.projectId)).toBe(
      true,
    );
    expect((await bidsOf(auditor, `&keyword=${code}`)).total).toBe(3);
    const unopened = await bidsOf(auditor, '&opened=0');
    expect(unopened.total).toBe(
      await bidCount(sql`not exists (select 1 from openings o where o.project_id = b.project_id)`),
    );
    expect(unopened.rows.every((r) => r.price === null && r.openedAt === null)).toBe(true);
    expect((await bidsOf(auditor, '&opened=1')).total).toBe(
      await bidCount(sql`exists (select 1 from openings o where o.project_id = b.project_id)`),
    );
    const bestValueBids = await bidsOf(auditor, '&model=3');
    expect(bestValueBids.total).toBe(await bidCount(sql`p.model = 3`));
    expect(bestValueBids.rows.map((r) => r.projectId)).toEqual([
      bestValue.projectId,
      bestValue.projectId,
      bestValue.projectId,
    ]);
    // A best-value project's prices are opened; its panel ranks the bids, so the record has no rank.
    const record = await recordOf(bestValue.projectId);
    for (const r of bestValueBids.rows) expect([r.price, r.rank]).toEqual([record.get(r.id as number)!.priceFen, null]);
    const { day } = await one<{ day: string }>(sql`select to_char(now() at time zone ${TZ}, 'YYYY-MM-DD') as day`);
    expect((await bidsOf(auditor, `&beginTime=${day}&endTime=${day}`)).total).toBe(
      await bidCount(sql`(b.submitted_at at time zone ${TZ})::date = ${day}::date`),
    );
    expect((await bidsOf(auditor, '&beginTime=2999-01-01')).total).toBe(0);
  });

  it('has no price before the opening, and the opening record after it', async () => {
    const { projectId } = sealedScene;
    const before = await bidsOf(owner, `&projectId=${projectId}`);
    expect(before.total).toBe(3);
    expect(before.rows.filter((r) => r.replaced)).toHaveLength(1);
    expect(before.rows.every((r) => r.price === null && r.rank === null && r.openedAt === null)).toBe(true);

    expect((await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`)).statusCode).toBe(200);
    const opened = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
    expect(opened.json().code, opened.body).toBe(200);
    const record = await recordOf(projectId);
    const after = await bidsOf(owner, `&projectId=${projectId}`);
    const live = after.rows.filter((r) => !r.replaced);
    expect(live.map((r) => [r.price, r.rank])).toEqual(
      live.map((r) => [record.get(r.id as number)!.priceFen, record.get(r.id as number)!.rank]),
    );
    expect(live.map((r) => r.price).sort()).toEqual([5_000_000, 5_010_000]);
    expect(after.rows.find((r) => r.replaced)).toMatchObject({ price: null, rank: null });
    expect(after.rows.every((r) => r.openedAt !== null)).toBe(true);
  });
});

describe('exports', () => {
  it('writes the filtered progress in the reader language, statuses by their labels, money in yuan', async () => {
    const sheet = await sheetOf(await as(t.app, auditor, 'zh-CN').get('/api/stats/progress/export'));
    expect(sheet[0]).toEqual(expect.arrayContaining(['项目编号', '项目名称', '状态', '下一步', '逾期天数']));
    const total = (await as(t.app, auditor).get('/api/stats/progress')).json().total;
    expect(sheet).toHaveLength(total + 1);
    const { code, budget } = await one<{ code: string; budget: number }>(
      sql`select code, budget::float8 as budget from projects where id = ${projectB}`,
    );
    const row = sheet.find((r) => r[0] === code)!;
    expect(row).toContain(statusLabel('project_status', 'published').zh);
    expect(row).toContain(budget / 100);
    expect(row).toContain('报名截止');

    const english = await sheetOf(await as(t.app, ownerB.token).get('/api/stats/progress/export?status=draft'));
    expect(english[0]).toEqual(expect.arrayContaining(['Code', 'Project', 'Status', 'Next step']));
    expect(english.slice(1).map((r) => r[1])).toEqual(['Drainage of Gudun Road']);
  });

  it('writes the bid records with the opened prices in yuan', async () => {
    const sheet = await sheetOf(
      await as(t.app, auditor, 'zh-CN').get(`/api/stats/bids/export?projectId=${awarded.projectId}`),
    );
    expect(sheet[0]).toEqual([
      '项目编号',
      '项目名称',
      '选取方式',
      '投标单位',
      '提交时间',
      '已被替换',
      '开标时间',
      '报价（元）',
      '名次',
    ]);
    expect(sheet).toHaveLength(5);
    const prices = sheet.slice(1).map((r) => r[7]);
    expect(prices.filter((p) => p === '' || p === undefined || p === null)).toHaveLength(1);
    expect(prices).toContain(3_000_000 / 100);
    expect(sheet.slice(1).filter((r) => r[5] === '是')).toHaveLength(1);
  });
});
