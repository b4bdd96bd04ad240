import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit-trail/audit-trail.service.ts';
import { PROJECT_ACTION_KEYS, projectWorkflow } from '@lvb/contracts/project-workflow';
import { runDeadlineTick } from '../src/modules/projects/projects.scheduler.ts';
import {
  as,
  createProject,
  ownerOfNewOrganisation,
  projectOptions,
  signInAs,
  uploadPdf,
  type ProjectStatus,
} from './factories.ts';
import { createTestApp, signInSupplier, type TestApp } from './test-app.ts';

let t: TestApp;
let owner: string;
let auditor: string;
let options: Awaited<ReturnType<typeof projectOptions>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t, 'owner1');
  auditor = await signInAs(t, 'auditor1');
  options = await projectOptions(t);
});
afterAll(() => t.close());

const district = () => options.districtId;
const typeId = (code: string) => options.typeId(code);
/** A project of the demo owner in `status`, made through the workflow's calls. */
const project = (status: ProjectStatus, overrides: Record<string, unknown> = {}) =>
  createProject(t, { owner, auditor }, status, overrides);

const act = (token: string, id: number, action: string, reason?: string) =>
  as(t.app, token).post(`/api/projects/${id}/${action}`, reason === undefined ? undefined : { reason });
const statusOf = async (id: number) => (await as(t.app, owner).get(`/api/projects/${id}`)).json().data.status as string;

describe('project content rules', () => {
  it('refuses a budget above the value limit of its type, naming the limit', async () => {
    const res = await as(t.app, owner).post('/api/projects', {
      name: 'Too big for the platform',
      typeId: typeId('survey'),
      placeId: district(),
      budget: 150_000_000,
      model: 2,
      minParticipants: 3,
      signupStart: new Date(Date.now()).toISOString(),
      bidDeadline: new Date(Date.now() + 10 * DAY).toISOString(),
      openingAt: new Date(Date.now() + 11 * DAY).toISOString(),
      publicityDays: 3,
      contactName: 'O',
      contactTel: '0571-1234567',
    });
    expect(res.json()).toEqual({
      code: 500,
      field: 'budget',
      msg: '¥1,500,000.00 is above the value limit of survey projects, ¥1,000,000.00',
    });
  });

  it('refuses dates out of order, a guarantee above 2% and a too-short sign-up', async () => {
    const now = Date.now();
    const base = {
      name: 'Dates test',
      typeId: typeId('service'),
      placeId: district(),
      budget: 10_000_000,
      model: 3,
      minParticipants: 3,
      publicityDays: 3,
      contactName: 'O',
      contactTel: '0571-1234567',
    };
    const day = (n: number) => new Date(now + n * DAY).toISOString();
    /** The message refusing a project whose sign-up starts, closes and opens on these days from now. */
    const refusal = async (signup: number, deadline: number, opening: number, extra: object = {}) => {
      // The field the refusal is about comes apart from its message, for the form.
      const answer = (
        await as(t.app, owner).post('/api/projects', {
          ...base,
          signupStart: day(signup),
          bidDeadline: day(deadline),
          openingAt: day(opening),
          ...extra,
        })
      ).json();
      return `${answer.field}: ${answer.msg}`;
    };
    expect(await refusal(5, 0, 1)).toMatch(/^bidDeadline: must come after/);
    expect(await refusal(0, 10, 9)).toMatch(/^openingAt: /);
    expect(await refusal(0, 10, 11, { guaranteeRequired: true, guaranteeAmount: 300_000 })).toMatch(
      /^guaranteeAmount: at most 2%/,
    );
    expect(await refusal(0, 2, 3)).toMatch(/sign-up must stay open at least 7 days/);
  });

  it('refuses a document the owner did not upload', async () => {
    const supplier = await signInSupplier(t, '13900000001');
    const foreign = await uploadPdf(t, supplier);
    const res = await as(t.app, owner).post('/api/projects', {
      name: 'Foreign document',
      typeId: typeId('goods'),
      placeId: district(),
      budget: 1_000_000,
      model: 2,
      minParticipants: 3,
      signupStart: new Date().toISOString(),
      bidDeadline: new Date(Date.now() + 10 * DAY).toISOString(),
      openingAt: new Date(Date.now() + 11 * DAY).toISOString(),
      publicityDays: 3,
      contactName: 'O',
      contactTel: '0571-1234567',
      documents: [foreign],
    });
    expect(res.json().msg).toMatch(/is not a file you uploaded/);
  });
});

describe('the status machine', () => {
  it('runs draft → pending audit → published, with an announcement and a public listing', async () => {
    const id = await project('draft', { name: 'Resurfacing of the Meijiawu tea village lanes' });
    expect(await statusOf(id)).toBe('draft');
    expect((await t.app.inject({ method: 'GET', url: `/api/hall/projects/${id}` })).statusCode).toBe(404);
    expect((await act(owner, id, 'submit')).json()).toMatchObject({ code: 200, data: { status: 'pending_audit' } });
    const pending = (await as(t.app, auditor).get('/api/projects/pending-audit'))
      .json()
      .rows.map((p: { id: number }) => p.id);
    expect(pending).toContain(id);
    expect((await act(auditor, id, 'approve')).json().data.status).toBe('published');
    const hall = (await t.app.inject({ method: 'GET', url: '/api/hall/projects?keyword=Meijiawu' })).json();
    expect(hall.rows).toEqual([expect.objectContaining({ id, status: 'published', ownerName: 'Demo Owner' })]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${id}` })).json().data;
    expect(detail.documents).toHaveLength(1);
    expect(detail.notices).toEqual([
      expect.objectContaining({
        noticeType: 'announcement',
        title: 'Announcement: Resurfacing of the Meijiawu tea village lanes',
      }),
    ]);
    const notice = (await t.app.inject({ method: 'GET', url: `/api/public/notices/${detail.notices[0].id}` })).json()
      .data;
    expect(notice.content).toContain('Meijiawu');
    const doc = await t.app.inject({
      method: 'GET',
      url: `/api/hall/projects/${id}/documents/${detail.documents[0].fileName}`,
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toContain('attachment');
    const timeline = (await as(t.app, owner).get(`/api/projects/${id}`))
      .json()
      .data.timeline.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(['project.create', 'project.submit', 'project.approve']);
  });

  it('rejects with a reason, which the owner sees; revising returns it to draft', async () => {
    const id = await project('pending_audit');
    expect((await act(auditor, id, 'reject')).json().code).toBe(500);
    expect((await act(auditor, id, 'reject', 'The bill of quantities is missing')).json().data.status).toBe('rejected');
    const detail = (await as(t.app, owner).get(`/api/projects/${id}`)).json().data;
    expect(detail).toMatchObject({
      status: 'rejected',
      statusReason: 'The bill of quantities is missing',
      actions: expect.arrayContaining(['revise', 'cancel']),
    });
    expect(detail.timeline.at(-1)).toMatchObject({
      action: 'project.reject',
      data: expect.objectContaining({ reason: 'The bill of quantities is missing' }),
    });
    expect((await act(owner, id, 'revise')).json().data.status).toBe('draft');
    expect((await as(t.app, owner).get(`/api/projects/${id}`)).json().data.statusReason).toBeNull();
  });

  it('refuses every transition from a status that does not allow it', async () => {
    const id = await project('draft');
    const cases: [string, string, boolean][] = [
      ['approve', 'draft', false],
      ['reject', 'draft', false],
      ['revise', 'draft', false],
      ['fail', 'draft', false],
      ['reissue', 'draft', false],
    ];
    for (const [action] of cases) {
      const token = action === 'approve' || action === 'reject' ? auditor : owner;
      const res = await act(token, id, action, ['reject', 'fail'].includes(action) ? 'because' : undefined);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().code).toBe(500);
    }
    expect(await statusOf(id)).toBe('draft');
    await act(owner, id, 'submit');
    expect((await act(owner, id, 'submit')).statusCode).toBe(409);
    expect((await as(t.app, owner).put(`/api/projects/${id}`, { name: 'x' })).json().code).toBe(500);
  });

  it('lets only the right people fire each event', async () => {
    const id = await project('draft');
    expect((await act(auditor, id, 'submit')).statusCode).toBe(403);
    await act(owner, id, 'submit');
    expect((await act(owner, id, 'approve')).statusCode).toBe(403);
    const supplier = await signInSupplier(t, '13900000002');
    expect((await as(t.app, supplier).get(`/api/projects/${id}`)).statusCode).toBe(403);
    expect((await as(t.app, supplier).get('/api/projects')).statusCode).toBe(403);
  });

  it("keeps another organisation's projects out of an owner's sight", async () => {
    const { token: other, orgId: org } = await ownerOfNewOrganisation(t, await signInAs(t, 'admin'), 'Other Bureau');
    const id = await project('draft');
    expect((await as(t.app, other).get(`/api/projects/${id}`)).statusCode).toBe(404);
    expect((await as(t.app, other).get('/api/projects')).json().total).toBe(0);
    expect((await act(other, id, 'submit')).statusCode).toBe(404);
    // The owner filter of the query lists only the organisations in sight.
    const owners = async (token: string) =>
      ((await as(t.app, token).get('/api/projects/owners')).json().data as { name: string }[]).map((o) => o.name);
    expect(await owners(other)).toEqual([]);
    expect(await owners(owner)).toEqual(['Demo Owner']);
    const mine = await createProject(t, { owner: other, auditor }, 'draft');
    expect(await owners(other)).toEqual(['Other Bureau']);
    expect(await owners(auditor)).toEqual(['Demo Owner', 'Other Bureau']);
    const byOwner = (await as(t.app, auditor).get(`/api/projects?ownerDeptId=${org}`)).json();
    expect(byOwner.rows.map((r: { id: number }) => r.id)).toEqual([mine]);
  });

  it('cancels with a reason and a public notice; a failed project is re-issued once as a new draft', async () => {
    const id = await project('published', { name: 'Project that will fail' });
    expect((await act(owner, id, 'fail', 'Only one valid participant')).json().data.status).toBe('failed');
    const notices = (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${id}` }))
      .json()
      .data.notices.map((n: { noticeType: string }) => n.noticeType);
    expect(notices.sort()).toEqual(['announcement', 'failure']);
    const again = await act(owner, id, 'reissue');
    expect(again.json().code).toBe(200);
    const copy = (await as(t.app, owner).get(`/api/projects/${again.json().data.id}`)).json().data;
    expect(copy).toMatchObject({ status: 'draft', reissuedFrom: id, name: 'Project that will fail' });
    expect((await act(owner, id, 'reissue')).json().msg).toMatch(/already re-issued/);

    const other = await project('published', { name: 'Project that will be cancelled' });
    expect((await act(owner, other, 'cancel', 'Budget withdrawn')).json().data.status).toBe('cancelled');
    const kinds = (await t.app.inject({ method: 'GET', url: `/api/hall/projects/${other}` }))
      .json()
      .data.notices.map((n: { noticeType: string }) => n.noticeType);
    expect(kinds).toContain('cancellation');
  });

  it('covers every event of the transition table', () => {
    expect(projectWorkflow.events.map((x) => x.event).sort()).toEqual([
      'accept',
      'approve',
      'approve_result',
      'award',
      'cancel',
      'close_signup',
      'complete',
      'confirm_result',
      'contract',
      'fail',
      'fail_result',
      'rank',
      'reject',
      'reopen_result',
      'return_result',
      'revise',
      'start_draw',
      'start_evaluation',
      'submit',
    ]);
    // The result's events have their own calls (test/results.test.ts), never a project action.
    expect(PROJECT_ACTION_KEYS).not.toContain('confirm_result');
  });
});

describe('deadlines', () => {
  it('closes sign-up at the bid deadline by the database clock, then starts the evaluation at the opening', async () => {
    const id = await project('published', { name: 'Deadline project' });
    expect(await runDeadlineTick(t.database.db)).toEqual({});
    await t.database.db.execute(sql`update projects set bid_deadline = now() - interval '1 second' where id = ${id}`);
    const moved = await runDeadlineTick(t.database.db);
    expect(moved.close_signup).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toBe('signup_closed');
    await t.database.db.execute(sql`update projects set opening_at = now() - interval '1 second' where id = ${id}`);
    await runDeadlineTick(t.database.db);
    expect(await statusOf(id)).toBe('evaluating');
    const timeline = (await as(t.app, owner).get(`/api/projects/${id}`)).json().data.timeline;
    expect(timeline.slice(-2).map((e: { action: string; actorName: string }) => [e.action, e.actorName])).toEqual([
      ['project.close_signup', 'scheduler'],
      ['project.start_evaluation', 'scheduler'],
    ]);
  });

  it('refuses to submit or approve once the bid deadline has passed', async () => {
    const id = await project('draft');
    await t.database.db.execute(
      sql`update projects set bid_deadline = now() - interval '1 minute', signup_start = now() - interval '20 days', opening_at = now() + interval '1 day' where id = ${id}`,
    );
    expect((await act(owner, id, 'submit')).json().msg).toMatch(/bid deadline has already passed/);
  });

  it('moves a project once when two instances tick at the same moment', async () => {
    const id = await project('published', { name: 'Raced project' });
    await t.database.db.execute(sql`update projects set bid_deadline = now() - interval '1 second' where id = ${id}`);
    // On PGlite both ticks share one connection and run one after the other; on PostgreSQL they
    // race on row locks. Either way the project moves once and has one audit row for it.
    await Promise.all([runDeadlineTick(t.database.db), runDeadlineTick(t.database.db)]);
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from audit_trail where subject_id = ${id} and action = 'project.close_signup'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
    expect(await statusOf(id)).toBe('signup_closed');
  });

  it('lets only one of two people acting at once succeed', async () => {
    const id = await project('pending_audit');
    const second = await signInAs(t, 'auditor1');
    const [a, b] = await Promise.all([act(auditor, id, 'approve'), act(second, id, 'reject', 'Not complete')]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes).toEqual([200, 500]);
    const actions = (await as(t.app, owner).get(`/api/projects/${id}`))
      .json()
      .data.timeline.map((e: { action: string }) => e.action);
    expect(actions.filter((x: string) => x === 'project.approve' || x === 'project.reject')).toHaveLength(1);
  });
});

describe('the audit chain', () => {
  it('verifies, and detects an edited row', async () => {
    const before = await verifyAuditChain(t.database.db);
    expect(before.ok).toBe(true);
    expect(before.checked).toBeGreaterThan(5);
    const [victim] = (
      (await t.database.db.execute(
        sql`select id from audit_trail where action = 'project.reject' order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await t.database.db.execute(
      sql`update audit_trail set data = jsonb_set(data, '{reason}', '"Edited afterwards"') where id = ${victim!.id}`,
    );
    const after = await verifyAuditChain(t.database.db);
    expect(after).toMatchObject({ ok: false, brokenAt: Number(victim!.id) });
  });
});

describe('the hall', () => {
  it('filters by type, model and place, sorts and pages, and hides drafts', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/hall/projects?pageSize=100' })).json();
    expect(all.rows.every((p: { status: string }) => p.status !== 'draft' && p.status !== 'pending_audit')).toBe(true);
    const byType = (
      await t.app.inject({ method: 'GET', url: `/api/hall/projects?typeId=${typeId('construction')}&model=2` })
    ).json().rows;
    expect(byType.length).toBeGreaterThan(0);
    expect(
      byType.every((p: { typeId: number; model: number }) => p.typeId === typeId('construction') && p.model === 2),
    ).toBe(true);
    const province = options.places[0]!.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/hall/projects?placeId=${province}` })).json().total).toBe(
      all.total,
    );
    const byBudget = (
      await t.app.inject({ method: 'GET', url: '/api/hall/projects?sort=budget&order=asc&pageSize=100' })
    )
      .json()
      .rows.map((p: { budget: number }) => p.budget);
    expect(byBudget).toEqual([...byBudget].sort((a: number, b: number) => a - b));
    expect((await t.app.inject({ method: 'GET', url: '/api/hall/projects?sort=name' })).json().code).toBe(500);
  });

  it('lets a supplier follow a published project', async () => {
    const supplier = await signInSupplier(t, '13900000003');
    const id = (await t.app.inject({ method: 'GET', url: '/api/hall/projects?status=open' })).json().rows[0].id;
    expect((await as(t.app, supplier).post(`/api/supplier/follows/${id}`)).json().code).toBe(200);
    expect((await as(t.app, supplier).get(`/api/supplier/follows/${id}`)).json().data.followed).toBe(true);
    expect(
      (await as(t.app, supplier).get('/api/supplier/follows')).json().rows.map((p: { id: number }) => p.id),
    ).toEqual([id]);
    expect((await as(t.app, supplier).del(`/api/supplier/follows/${id}`)).json().code).toBe(200);
    expect((await as(t.app, supplier).get('/api/supplier/follows')).json().total).toBe(0);
  });
});
