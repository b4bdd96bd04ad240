import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { verifyAuditChain } from '../src/modules/audit-trail/audit-trail.service.ts';
import {
  adminApp,
  as,
  createProject,
  createSupplier,
  employeeWith,
  ownerOfNewOrganisation,
  signInAs,
  userInfo,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * The project pages' buttons that each call demands: the query buttons open one project, the
 * owner's delete removes a draft, and the supplier's notices page lists the suppliers' notices.
 */

let t: TestApp;
let admin: string;
let people: { owner: string; auditor: string };
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  people = { owner: await signInAs(t, 'owner1'), auditor: await signInAs(t, 'auditor1') };
});
afterAll(() => t.close());

const code = (res: { json: () => { code: number } }) => res.json().code;

describe('reading one project', () => {
  it('takes the query button of the owners page or of the project query, not the list alone', async () => {
    const id = await createProject(t, people, 'pending_audit');
    const listOnly = await employeeWith(t, admin, ['project:query:list']);
    expect(code(await as(t.app, listOnly.token).get('/api/projects'))).toBe(200);
    expect(code(await as(t.app, listOnly.token).get(`/api/projects/${id}`))).toBe(403);

    const querying = await employeeWith(t, admin, ['project:query:list', 'project:query:query']);
    const res = await as(t.app, querying.token).get(`/api/projects/${id}`);
    expect(res.json()).toMatchObject({ code: 200, data: { id, status: 'pending_audit', actions: [] } });

    const ownerListOnly = await employeeWith(t, admin, ['project:item:list']);
    expect(code(await as(t.app, ownerListOnly.token).get(`/api/projects/${id}`))).toBe(403);
    const ownerQuery = await employeeWith(t, admin, ['project:item:list', 'project:item:query']);
    expect(code(await as(t.app, ownerQuery.token).get(`/api/projects/${id}`))).toBe(200);
  });

  it('stays open to the audit queues, whose pages open a project to audit it', async () => {
    const id = await createProject(t, people, 'pending_audit');
    const queue = await employeeWith(t, admin, ['project:pending:list', 'project:item:audit']);
    const res = await as(t.app, queue.token).get(`/api/projects/${id}`);
    expect(res.json()).toMatchObject({ code: 200, data: { actions: ['approve', 'reject'] } });
    const auditor = await as(t.app, people.auditor).get(`/api/projects/${id}`);
    expect(code(auditor)).toBe(200);
  });
});

describe('removing a draft', () => {
  const auditRows = (id: number) =>
    queryRows<{ action: string; actor_name: string; data: Record<string, unknown> }>(
      t.database.db,
      sql`select action, actor_name, data from audit_trail where subject_type = 'project' and subject_id = ${id} order by id`,
    );

  it('removes the owner’s draft, lets its documents go and keeps the removal in the audit trail', async () => {
    const id = await createProject(t, people, 'draft', { name: 'Draft that is given up' });
    const detail = (await as(t.app, people.owner).get(`/api/projects/${id}`)).json().data;
    expect(detail.actions).toEqual(expect.arrayContaining(['edit', 'remove', 'submit']));
    const document = detail.documents[0].fileName as string;

    const removed = await as(t.app, people.owner).del(`/api/projects/${id}`);
    expect(removed.json()).toEqual({ code: 200, msg: 'project removed' });

    expect(code(await as(t.app, people.owner).get(`/api/projects/${id}`))).toBe(404);
    const listed = (await as(t.app, people.owner).get('/api/projects?keyword=given%20up')).json();
    expect(listed.total).toBe(0);
    const [file] = await queryRows<{ record_id: number | null }>(
      t.database.db,
      sql`select record_id from files where stored_name = ${document}`,
    );
    expect(file?.record_id).toBeNull();
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['project.create', 'project.remove']);
    expect(rows[1]).toMatchObject({ actor_name: 'owner1', data: { name: 'Draft that is given up' } });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('refuses a project that left draft, and offers no removal for it', async () => {
    const id = await createProject(t, people, 'pending_audit');
    expect((await as(t.app, people.owner).get(`/api/projects/${id}`)).json().data.actions).not.toContain('remove');
    const refused = await as(t.app, people.owner).del(`/api/projects/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('only a draft can be removed');
    expect((await as(t.app, people.owner).get(`/api/projects/${id}`)).json().data.status).toBe('pending_audit');
  });

  it('is refused to those without the delete button and outside the owner’s organisation', async () => {
    const id = await createProject(t, people, 'draft');
    const auditor = await as(t.app, people.auditor).del(`/api/projects/${id}`);
    expect(auditor.statusCode).toBe(403);

    const { token: stranger } = await ownerOfNewOrganisation(t, admin, 'Another Owner Organisation');
    const elsewhere = await as(t.app, stranger).del(`/api/projects/${id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect((await as(t.app, people.owner).get(`/api/projects/${id}`)).json().data.status).toBe('draft');
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['project.create']);
  });
});

describe("a supplier's notices", () => {
  beforeAll(async () => {
    for (const audience of ['all', 'suppliers', 'staff']) {
      const saved = await as(t.app, admin).post('/api/system/notices', {
        title: `Notice for ${audience}`,
        noticeType: 'announcement',
        audience,
        content: `<p>For ${audience}</p>`,
      });
      expect(saved.json().code, saved.body).toBe(200);
    }
  });

  it('are open to the seeded supplier role, which holds supplier:notice:list', async () => {
    const supplier = await createSupplier(t);
    expect((await userInfo(t, supplier.token)).permissions).toContain('supplier:notice:list');
    const res = await as(t.app, supplier.token).get('/api/supplier/notices?pageSize=50');
    expect(res.json().code).toBe(200);
    const titles = (res.json().rows as { title: string }[]).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Notice for all', 'Notice for suppliers']));
    expect(titles).not.toContain('Notice for staff');
  });

  it('stay closed to staff, who read theirs on the home page', async () => {
    expect((await as(t.app, people.owner).get('/api/supplier/notices')).statusCode).toBe(403);
    const mine = await as(t.app, people.owner).get('/api/notices/mine?pageSize=50');
    const titles = (mine.json().rows as { title: string }[]).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Notice for all', 'Notice for staff']));
    expect(titles).not.toContain('Notice for suppliers');
  });
});
