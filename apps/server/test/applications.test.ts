import { Perm } from '@lvb/contracts/permissions';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { verifyAuditChain } from '../src/modules/audit-trail/audit-trail.service.ts';
import { settleApplications } from '../src/modules/applications/applications.service.ts';
import {
  adminApp,
  as,
  createProject,
  createSupplier,
  employeeWith,
  ownerOfNewOrganisation,
  signInAs,
  uploadPdf,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

let t: TestApp;
let admin: string;
let owner: string;
let auditor: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  owner = await signInAs(t, 'owner1');
  auditor = await signInAs(t, 'auditor1');
});
afterAll(() => t.close());

type Supplier = Awaited<ReturnType<typeof createSupplier>>;

/** A published project of the demo owner (sign-up open since yesterday, deadline in 9 days). */
const published = (overrides: Record<string, unknown> = {}) =>
  createProject(t, { owner, auditor }, 'published', overrides);

const applyBody = async (s: Supplier, overrides: Record<string, unknown> = {}) => ({
  contactName: 'Sam Supplier',
  contactTel: '13900001111',
  guaranteeLetterNo: 'BG-2026-0001',
  documents: [await uploadPdf(t, s.token)],
  ...overrides,
});
const apply = async (s: Supplier, projectId: number, overrides: Record<string, unknown> = {}) =>
  as(t.app, s.token).post(`/api/hall/projects/${projectId}/apply`, await applyBody(s, overrides));
/** Applies and expects success; answers the application's id. */
const applied = async (s: Supplier, projectId: number) => {
  const res = await apply(s, projectId);
  expect(res.json().code, res.body).toBe(200);
  return res.json().data.id as number;
};
const zh = { 'accept-language': 'zh-CN' };

/** Moves a project's dates relative to the database clock: the window is judged by it. */
const setWindow = (projectId: number, startHoursFromNow: number, deadlineHoursFromNow: number) =>
  t.database.db.execute(sql`update projects
    set signup_start = now() + make_interval(hours => ${startHoursFromNow}),
        bid_deadline = now() + make_interval(hours => ${deadlineHoursFromNow}),
        opening_at = now() + make_interval(hours => ${deadlineHoursFromNow + 1})
    where id = ${projectId}`);

const auditRows = (id: number) =>
  queryRows<{ action: string; actor_name: string | null; data: Record<string, unknown> }>(
    t.database.db,
    sql`select action, actor_name, data from audit_trail where subject_type = 'application' and subject_id = ${id} order by id`,
  );

describe('applying', () => {
  it('a complete supplier applies inside the window; the application waits for its check with its documents', async () => {
    const s = await createSupplier(t);
    const projectId = await published();
    const body = await applyBody(s);
    const res = await as(t.app, s.token).post(`/api/hall/projects/${projectId}/apply`, body);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'pending_check' } });
    const mine = (await as(t.app, s.token).get('/api/supplier/applications')).json();
    expect(mine.total).toBe(1);
    expect(mine.rows[0]).toMatchObject({
      projectId,
      projectName: 'Repair of the Xixi school playground',
      status: 'pending_check',
      contactName: 'Sam Supplier',
      guaranteeLetterNo: 'BG-2026-0001',
      documents: [{ fileName: body.documents[0], originalName: 'Bidding document.pdf' }],
      actions: ['withdraw'],
    });
    const hallState = (await as(t.app, s.token).get(`/api/hall/projects/${projectId}/my-application`)).json();
    expect(hallState.data.application).toMatchObject({ status: 'pending_check' });
    expect((await auditRows(res.json().data.id))[0]).toMatchObject({ action: 'application.apply' });
  });

  it('refuses before the sign-up opens and after the deadline, by the database clock', async () => {
    const s = await createSupplier(t);
    const projectId = await published();
    await setWindow(projectId, 2, 48);
    const early = await apply(s, projectId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: -1, msg: 'sign-up for this project has not opened yet' });
    await setWindow(projectId, -48, -1);
    const closed = await as(t.app, s.token).post(`/api/hall/projects/${projectId}/apply`, await applyBody(s));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toBe('sign-up for this project has closed');
    const closedZh = await t.app.inject({
      method: 'POST',
      url: `/api/hall/projects/${projectId}/apply`,
      headers: { authorization: `Bearer ${s.token}`, ...zh },
      payload: await applyBody(s),
    });
    expect(closedZh.json().msg).toBe('该项目报名已截止');
    await setWindow(projectId, -1, 1);
    expect((await apply(s, projectId)).json().code).toBe(200);
  });

  it('refuses a company whose record is incomplete', async () => {
    const s = await createSupplier(t, { complete: false });
    const res = await as(t.app, s.token).post(`/api/hall/projects/${await published()}/apply`, {
      contactName: 'Sam Supplier',
      contactTel: '13900001111',
      guaranteeLetterNo: 'BG-1',
      documents: ['0123456789abcdef0123456789abcdef.pdf'],
    });
    expect(res.json()).toEqual({
      code: -1,
      msg: 'your company record is incomplete: fill in the registration number, contact phone, bank and account first',
    });
  });

  it('takes an application without a letter; a project that requires a guarantee qualifies it only with one', async () => {
    const s = await createSupplier(t);
    const needs = await published();
    const res = await apply(s, needs, { guaranteeLetterNo: undefined });
    expect(res.json().code, res.body).toBe(200);
    const id = res.json().data.id;
    const qualify = await as(t.app, auditor, 'zh-CN').post(`/api/applications/${id}/qualify`);
    expect(qualify.statusCode).toBe(409);
    expect(qualify.json().msg).toBe(
      '该项目要求投标保函，该报名尚未提交保函：可审查不通过，或待供应商提交保函后再审查通过',
    );
    // A letter from elsewhere, named by number: the owner checks it, and may qualify.
    const named = await as(t.app, s.token).put(`/api/supplier/applications/${id}/guarantee`, { letterNo: 'BG-9-1' });
    expect(named.json().data, named.body).toMatchObject({ letterNo: 'BG-9-1', verified: false, orderId: null });
    expect((await as(t.app, auditor).post(`/api/applications/${id}/qualify`)).json().code).toBe(200);
    const free = await published({ guaranteeRequired: false, guaranteeAmount: 0 });
    const other = await createSupplier(t);
    const freeApplied = await apply(other, free, { guaranteeLetterNo: undefined });
    expect((await as(t.app, auditor).post(`/api/applications/${freeApplied.json().data.id}/qualify`)).json().code).toBe(
      200,
    );
  });

  it('refuses a pool-draw project, documents the caller did not upload, and a project not published', async () => {
    const s = await createSupplier(t);
    const other = await createSupplier(t);
    const pool = await published({ model: 1 });
    expect((await apply(s, pool)).json().msg).toBe(
      'this project selects from the contractor pool by draw: it takes no applications',
    );
    const projectId = await published();
    const foreign = await uploadPdf(t, other.token);
    expect((await apply(s, projectId, { documents: [foreign] })).json().msg).toMatch(/is not a file you uploaded/);
    const draft = await createProject(t, { owner, auditor }, 'draft');
    expect((await apply(s, draft)).statusCode).toBe(404);
  });

  it('keeps one live application per company and project under 30 simultaneous applies', async () => {
    const s = await createSupplier(t);
    const projectId = await published();
    const bodies = await Promise.all(Array.from({ length: 30 }, () => applyBody(s)));
    const answers = await Promise.all(
      bodies.map((b) => as(t.app, s.token).post(`/api/hall/projects/${projectId}/apply`, b)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().msg).toBe('your company has already applied to this project');
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from applications where project_id = ${projectId}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('withdrawing and draft documents', () => {
  it('withdraws before the deadline, and may apply again; refuses after the deadline', async () => {
    const s = await createSupplier(t);
    const projectId = await published();
    const id = await applied(s, projectId);
    const done = await as(t.app, s.token).post(`/api/supplier/applications/${id}/withdraw`);
    expect(done.json()).toMatchObject({ code: 200, data: { status: 'withdrawn' } });
    const again = await applied(s, projectId);
    await setWindow(projectId, -48, -1);
    const late = await as(t.app, s.token).post(`/api/supplier/applications/${again}/withdraw`);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('the bid deadline has passed: the application can no longer be withdrawn');
    const row = (await as(t.app, s.token).get('/api/supplier/applications?status=pending_check')).json().rows[0];
    expect(row).toMatchObject({ id: again, actions: [] });
  });

  it('another company cannot withdraw an application that is not its own', async () => {
    const s = await createSupplier(t);
    const other = await createSupplier(t);
    const id = await applied(s, await published());
    expect((await as(t.app, other.token).post(`/api/supplier/applications/${id}/withdraw`)).statusCode).toBe(404);
  });

  it('deletes the caller’s own unused and pending documents, not a checked application’s or another’s', async () => {
    const s = await createSupplier(t);
    const other = await createSupplier(t);
    const del = (token: string, fileName: string) =>
      as(t.app, token).post('/api/extract/web/documents/deleteFileZC', { fileName });
    const loose = await uploadPdf(t, s.token);
    expect((await del(other.token, loose)).statusCode).toBe(404);
    expect((await del(s.token, loose)).json()).toEqual({ code: 200, msg: 'document deleted' });
    expect((await as(t.app, s.token).get(`/common/download?fileName=${loose}`)).statusCode).toBe(404);

    const projectId = await published();
    const [first, second] = [await uploadPdf(t, s.token), await uploadPdf(t, s.token)];
    const res = await as(t.app, s.token).post(
      `/api/hall/projects/${projectId}/apply`,
      await applyBody(s, { documents: [first, second] }),
    );
    const id = res.json().data.id as number;
    expect((await del(s.token, first)).json().code).toBe(200);
    expect((await as(t.app, auditor).post(`/api/applications/${id}/qualify`)).json().code).toBe(200);
    const locked = await del(s.token, second);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe(
      'this document belongs to an application already checked and can no longer be deleted',
    );
    const documents = (await as(t.app, auditor).get(`/api/applications/${id}`)).json().data.documents;
    expect(documents.map((d: { fileName: string }) => d.fileName)).toEqual([second]);
  });
});

describe('the qualification check', () => {
  it('the owner qualifies; the supplier sees it, gets a notice and an SMS; each step is audited', async () => {
    const s = await createSupplier(t);
    const projectId = await published();
    const id = await applied(s, projectId);
    const pending = (await as(t.app, owner).get(`/api/applications/pending-check?projectId=${projectId}`)).json();
    expect(pending.rows).toHaveLength(1);
    expect(pending.rows[0]).toMatchObject({ id, companyName: s.compName, actions: ['qualify', 'reject'] });
    const done = await as(t.app, owner).post(`/api/applications/${id}/qualify`);
    expect(done.json()).toMatchObject({ code: 200, data: { status: 'qualified' } });
    const mine = (await as(t.app, s.token).get('/api/supplier/applications')).json().rows[0];
    expect(mine).toMatchObject({ status: 'qualified', statusReason: null, actions: ['withdraw'] });

    // The notice is kept in both languages; each reader reads their own.
    const notices = (await as(t.app, s.token).get('/api/supplier/notices')).json().rows as { title: string }[];
    expect(notices.map((n) => n.title)).toContain('Application qualified: Repair of the Xixi school playground');
    const zh = (await as(t.app, s.token, 'zh-CN').get('/api/supplier/notices')).json().rows as {
      title: string;
      content: string;
    }[];
    const inChinese = zh.find((n) => n.title === '报名资格审查通过：Repair of the Xixi school playground');
    expect(inChinese?.content).toContain('已通过资格审查');
    expect(inChinese?.content).not.toContain('passed the qualification check');
    const sms = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where tel = ${s.tel} and content like '%qualification check%'`,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.content).toContain('已通过资格审查');

    const trail = await auditRows(id);
    expect(trail.map((r) => r.action)).toEqual(['application.apply', 'application.qualify']);
    expect(trail[1]).toMatchObject({ actor_name: 'owner1', data: { from: 'pending_check', to: 'qualified' } });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
    // A second check of the same application is refused with its status named.
    const again = await as(t.app, auditor).post(`/api/applications/${id}/reject`, { reason: 'too late' });
    expect(again.json()).toEqual({ code: 500, msg: 'an application that is qualified cannot be rejected' });
  });

  it('the auditor rejects with a reason; the supplier sees outcome and reason; other suppliers see no notice', async () => {
    const s = await createSupplier(t);
    const bystander = await createSupplier(t);
    const id = await applied(s, await published());
    const noReason = await as(t.app, auditor).post(`/api/applications/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    const res = await as(t.app, auditor).post(`/api/applications/${id}/reject`, {
      reason: 'The grade certificate has expired',
    });
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'rejected' } });
    const mine = (await as(t.app, s.token).get('/api/supplier/applications')).json().rows[0];
    expect(mine).toMatchObject({ status: 'rejected', statusReason: 'The grade certificate has expired', actions: [] });
    const titles = async (token: string) =>
      ((await as(t.app, token).get('/api/notices/mine?pageSize=100')).json().rows as { title: string }[]).map(
        (n) => n.title,
      );
    expect((await titles(s.token)).some((x) => x.includes('Application not qualified'))).toBe(true);
    expect((await titles(bystander.token)).some((x) => x.includes('Application not qualified'))).toBe(false);
    expect((await titles(owner)).some((x) => x.includes('Application not qualified'))).toBe(false);
    const sms = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where tel = ${s.tel} and content like '%did not pass%'`,
    );
    expect(sms[0]!.content).toContain('The grade certificate has expired');
    expect((await auditRows(id))[1]).toMatchObject({
      action: 'application.reject',
      data: { reason: 'The grade certificate has expired', to: 'rejected' },
    });
    // A rejected company may apply again.
    expect((await apply(s, mine.projectId)).json().code).toBe(200);
  });

  it('a supplier or an employee without the check permission gets 403; an owner of another organisation sees nothing', async () => {
    const s = await createSupplier(t);
    const projectId = await published();
    const id = await applied(s, projectId);
    expect((await as(t.app, s.token).post(`/api/applications/${id}/qualify`)).statusCode).toBe(403);
    expect((await as(t.app, s.token).get('/api/applications')).statusCode).toBe(403);
    const lister = await employeeWith(t, admin, [Perm.bid.apply.list, Perm.bid.apply.query]);
    expect((await as(t.app, lister.token).get(`/api/applications?projectId=${projectId}`)).json().total).toBe(1);
    expect((await as(t.app, lister.token).post(`/api/applications/${id}/qualify`)).statusCode).toBe(403);
    const stranger = await ownerOfNewOrganisation(t, admin, 'Another Town Office');
    expect((await as(t.app, stranger.token).get(`/api/applications?projectId=${projectId}`)).json()).toMatchObject({
      rows: [],
      total: 0,
    });
    expect((await as(t.app, stranger.token).get(`/api/applications/${id}`)).statusCode).toBe(404);
    expect((await as(t.app, stranger.token).post(`/api/applications/${id}/qualify`)).statusCode).toBe(404);
    expect((await as(t.app, s.token).get('/api/supplier/applications')).json().rows[0].status).toBe('pending_check');
  });

  it('the checker downloads the documents by their opaque name; a stranger does not', async () => {
    const s = await createSupplier(t);
    const other = await createSupplier(t);
    const id = await applied(s, await published());
    const [doc] = (await as(t.app, auditor).get(`/api/applications/${id}`)).json().data.documents;
    expect((await as(t.app, auditor).get(`/common/download?fileName=${doc.fileName}`)).statusCode).toBe(200);
    expect((await as(t.app, other.token).get(`/common/download?fileName=${doc.fileName}`)).statusCode).toBe(403);
  });

  it('lists with filters and exports the filtered list as a workbook', async () => {
    const s = await createSupplier(t);
    const projectId = await published({ name: 'Lighting of the Gongshu bridge' });
    await applied(s, projectId);
    const byCompany = (
      await as(t.app, owner).get(`/api/applications?company=${encodeURIComponent(s.compName)}`)
    ).json();
    expect(byCompany.rows.map((r: { companyName: string }) => r.companyName)).toEqual([s.compName]);
    const byProject = (await as(t.app, owner).get('/api/applications?project=Gongshu&status=pending_check')).json();
    expect(byProject.total).toBe(1);
    const file = await as(t.app, owner).get('/api/applications/export?project=Gongshu');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // In the reader's language: headers, file name and the status by its label.
    const zh = await as(t.app, owner, 'zh-CN').get('/api/applications/export?project=Gongshu');
    expect(zh.headers['content-disposition']).toContain(encodeURIComponent('报名.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 9)).toEqual([
      '项目编号',
      '项目名称',
      '报名单位',
      '联系人',
      '联系电话',
      '保函编号',
      '资格文件数',
      '状态',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe(s.compName);
    expect(sheet.getRow(2).getCell(8).value).toBe('待审查');
    expect(String(sheet.getRow(2).getCell(10).value)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});

describe('settleApplications', () => {
  it('the winners win and every other qualified application loses, as the system, each audited', async () => {
    const projectId = await published({ guaranteeRequired: false, guaranteeAmount: 0 });
    const companies = [await createSupplier(t), await createSupplier(t), await createSupplier(t)];
    const ids: number[] = [];
    for (const s of companies) ids.push(await applied(s, projectId));
    await as(t.app, owner).post(`/api/applications/${ids[0]}/qualify`);
    await as(t.app, owner).post(`/api/applications/${ids[1]}/qualify`);
    // The third stays pending: only qualified applications take part in the ranking.
    await t.database.db.transaction((tx) => settleApplications(tx, projectId, [ids[1]!]));
    const statuses = await queryRows<{ id: number; status: string }>(
      t.database.db,
      sql`select id, status from applications where project_id = ${projectId} order by id`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['lost', 'won', 'pending_check']);
    expect((await auditRows(ids[1]!)).at(-1)).toMatchObject({ action: 'application.win', actor_name: 'scheduler' });
    expect((await auditRows(ids[0]!)).at(-1)).toMatchObject({ action: 'application.lose', actor_name: 'scheduler' });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});
