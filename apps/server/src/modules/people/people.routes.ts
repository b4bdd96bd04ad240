import { recordId } from '@lvb/contracts/ids';
import { randomBytes } from 'node:crypto';
import { RoleKey } from '@lvb/contracts/access';
import { employeeFilter, loginUid, resetPasswordBody, status01, statusBody } from '@lvb/contracts/admin';
import { password, phone } from '@lvb/contracts/identity';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { accountRequests } from '../accounts/accounts.table.ts';
import { departments } from '../departments/departments.table.ts';
import { employeeRow } from '../employees/employees.routes.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import { roles } from '../roles/roles.table.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';

/** The back-office functions of the bidperson pages, each with its roles and home department. */
const FUNCTIONS = {
  staff: { perm: 'people:staff', roles: [RoleKey.guarantor, RoleKey.finance], dept: 'Operations' },
  auditors: { perm: 'people:auditor', roles: [RoleKey.auditor], dept: 'Audit' },
  supervisors: { perm: 'people:supervisor', roles: [RoleKey.supervisor], dept: 'Supervision' },
  owners: { perm: 'people:owner', roles: [RoleKey.owner], dept: null },
} as const;
type FunctionName = keyof typeof FUNCTIONS;

const personBody = z.object({
  loginUid,
  name: z.string().trim().min(1, 'name is required').max(50),
  tel: z.union([phone, z.literal('')]).optional(),
  /** Required for owners (their organisation); others default to their function's department. */
  deptId: recordId.optional(),
  /** For staff: which of the staff roles (guarantee staff or finance). */
  roleKey: z.string().optional(),
  status: status01.default('0'),
});
const orgBody = z.object({
  name: z.string().trim().min(2).max(100),
  leader: z.string().trim().max(50).optional(),
  phone: z
    .union([
      z
        .string()
        .trim()
        .regex(/^[0-9+\-() ]{6,20}$/, 'phone: 6 to 20 digits'),
      z.literal(''),
    ])
    .optional(),
});
const orgRow = z.object({
  id: z.number(),
  name: z.string(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  staffCount: z.number(),
  createdAt: z.date(),
});
const requestRow = z.object({
  id: z.number(),
  orgName: z.string(),
  departCategory: z.string(),
  contactName: z.string(),
  tel: z.string(),
  loginUid: z.string(),
  status: z.string(),
  reviewNote: z.string().nullable(),
  createdAt: z.date(),
});

interface Deps {
  db: Db;
  employees: EmployeesService;
  sms: SmsProvider;
}

/**
 * bidperson/adminuser, auditperson, jjperson, yezhu: the people of each back-office function,
 * created with the function's role in one step; owner organisations and their account requests.
 */
export async function peopleRoutes(app: FastifyInstance, { db, employees, sms }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['people'];

  const roleIdsOf = async (keys: readonly string[]) =>
    (
      await db
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.roleKey, [...keys]))
    ).map((x) => x.id);
  const ownersBranch = async () =>
    (
      await db
        .select()
        .from(departments)
        .where(and(eq(departments.name, 'Owners'), eq(departments.kind, 'department')))
    )[0];

  async function placement(fn: FunctionName, body: z.output<typeof personBody>) {
    const def = FUNCTIONS[fn];
    let roleKeys: readonly string[] = def.roles;
    if (fn === 'staff') {
      if (!body.roleKey || !(def.roles as readonly string[]).includes(body.roleKey))
        throw badRequest(text('roleKey: choose guarantee staff or finance', '请选择保函人员或财务人员'));
      roleKeys = [body.roleKey];
    }
    let deptId = body.deptId;
    if (fn === 'owners') {
      const branch = await ownersBranch();
      const [org] = deptId ? await db.select().from(departments).where(eq(departments.id, deptId)) : [];
      if (!org || org.kind !== 'organisation' || !branch || !`,${org.ancestors},`.includes(`,${branch.id},`)) {
        throw badRequest(text('deptId: choose the owner organisation', '请选择业主单位'));
      }
    } else if (!deptId) {
      deptId = (await db.select({ id: departments.id }).from(departments).where(eq(departments.name, def.dept!)))[0]
        ?.id;
      if (!deptId)
        throw badRequest(text(`deptId: the ${def.dept} department does not exist`, `部门“${def.dept}”不存在`));
    }
    return { deptId: deptId!, roleIds: await roleIdsOf(roleKeys) };
  }

  /** A person of this function, visible to the actor. */
  async function member(actor: SignedInUser, fn: FunctionName, id: number) {
    const person = await employees.get(actor, id);
    if (!person.roles.some((x) => (FUNCTIONS[fn].roles as readonly string[]).includes(x.roleKey)))
      throw notFound(text('user does not exist', '用户不存在'));
    return person;
  }

  for (const fn of Object.keys(FUNCTIONS) as FunctionName[]) {
    const def = FUNCTIONS[fn];
    const base = `/api/people/${fn}`;
    const filter = employeeFilter.omit({ roleKey: true });

    r.get(base, {
      config: { access: { permission: `${def.perm}:list` } },
      schema: {
        tags,
        summary: `List ${fn}`,
        querystring: filter.extend(pageQuery.shape),
        response: { 200: listAnswer(employeeRow) },
      },
      handler: async (req) => {
        const { pageNum: _p, pageSize, ...f } = req.query;
        const page = await employees.list(
          req.user!,
          { ...f, roleKeys: [...def.roles] },
          { offset: offsetOf(req.query), limit: pageSize },
        );
        return { code: 200 as const, msg: 'ok', ...page };
      },
    });

    r.get(`${base}/export`, {
      config: { access: { permission: `${def.perm}:export` } },
      schema: { tags, summary: `Export ${fn} to Excel`, querystring: filter },
      handler: async (req, reply) => {
        const { rows } = await employees.list(
          req.user!,
          { ...req.query, roleKeys: [...def.roles] },
          { offset: 0, limit: EXPORT_MAX_ROWS },
        );
        return sendExcel(
          reply,
          `${fn}.xlsx`,
          [
            { header: 'User name', value: (u) => u.loginUid },
            { header: 'Name', value: (u) => u.name },
            { header: 'Phone', value: (u) => u.tel },
            { header: fn === 'owners' ? 'Organisation' : 'Department', width: 28, value: (u) => u.deptName },
            { header: 'Roles', width: 24, value: (u) => u.roles.map((x) => x.roleName).join(', ') },
            { header: 'Status', value: (u) => (u.status === '0' ? 'Enabled' : 'Disabled') },
            { header: 'Created', width: 22, value: (u) => u.createdAt },
          ],
          rows,
        );
      },
    });

    r.post(base, {
      config: { access: { permission: `${def.perm}:add` } },
      schema: {
        tags,
        summary: `Create a person of ${fn} with the function's role`,
        body: personBody.extend({ password }),
        response: { 200: okWith({ data: z.object({ userId: z.number() }) }) },
      },
      handler: async (req) => {
        const place = await placement(fn, req.body);
        const userId = await employees.create(req.user!, { ...req.body, ...place });
        return { code: 200 as const, msg: 'user created', data: { userId } };
      },
    });

    r.put(`${base}/:id`, {
      config: { access: { permission: `${def.perm}:edit` } },
      schema: { tags, summary: `Edit a person of ${fn}`, params: idParam, body: personBody, response: { 200: ok } },
      handler: async (req) => {
        const current = await member(req.user!, fn, req.params.id);
        const place = await placement(fn, req.body);
        // Roles of other functions the person holds stay as they are.
        const others = current.roles
          .filter((x) => !(def.roles as readonly string[]).includes(x.roleKey))
          .map((x) => x.roleId);
        await employees.update(req.user!, req.params.id, {
          ...req.body,
          deptId: place.deptId,
          roleIds: [...others, ...place.roleIds],
        });
        return { code: 200 as const, msg: 'user saved' };
      },
    });

    r.put(`${base}/:id/status`, {
      config: { access: { permission: `${def.perm}:edit` } },
      schema: {
        tags,
        summary: `Enable or disable a person of ${fn}`,
        params: idParam,
        body: statusBody,
        response: { 200: ok },
      },
      handler: async (req) => {
        await member(req.user!, fn, req.params.id);
        await employees.setStatus(req.user!, req.params.id, req.body.status);
        return { code: 200 as const, msg: req.body.status === '0' ? 'user enabled' : 'user disabled' };
      },
    });

    r.put(`${base}/:id/password`, {
      config: { access: { permission: `${def.perm}:edit` } },
      schema: {
        tags,
        summary: `Reset the password of a person of ${fn}`,
        params: idParam,
        body: resetPasswordBody,
        response: { 200: ok },
      },
      handler: async (req) => {
        await member(req.user!, fn, req.params.id);
        await employees.resetPassword(req.user!, req.params.id, req.body.password);
        return { code: 200 as const, msg: 'password reset' };
      },
    });

    r.delete(`${base}/:ids`, {
      config: { access: { permission: `${def.perm}:remove` } },
      schema: { tags, summary: `Remove people of ${fn}`, params: idsParam, response: { 200: ok } },
      handler: async (req) => {
        for (const id of req.params.ids) await member(req.user!, fn, id);
        await employees.remove(req.user!, req.params.ids);
        return { code: 200 as const, msg: 'removed' };
      },
    });
  }

  // Owner organisations.
  r.get('/api/people/owner-organisations', {
    config: { access: { permission: 'people:owner:list' } },
    schema: {
      tags,
      summary: 'Owner organisations with their staff counts',
      response: { 200: okWith({ data: z.array(orgRow) }) },
    },
    handler: async () => {
      const branch = await ownersBranch();
      if (!branch) return { code: 200 as const, msg: 'ok', data: [] };
      const data = await db
        .select({
          id: departments.id,
          name: departments.name,
          leader: departments.leader,
          phone: departments.phone,
          status: departments.status,
          staffCount: sql<number>`(select count(*)::int from users u where u.dept_id = departments.id and u.deleted_at is null)`,
          createdAt: departments.createdAt,
        })
        .from(departments)
        .where(and(eq(departments.kind, 'organisation'), eq(departments.parentId, branch.id)))
        .orderBy(asc(departments.orderNum), asc(departments.name));
      return { code: 200 as const, msg: 'ok', data };
    },
  });

  async function createOrganisation(body: z.output<typeof orgBody>) {
    const branch = await ownersBranch();
    if (!branch) throw notFound(text('the Owners department does not exist', '部门“Owners”不存在'));
    const [clash] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.parentId, branch.id), eq(departments.name, body.name)));
    if (clash) throw conflict(text('an owner organisation with this name already exists', '同名业主单位已存在'));
    const [row] = await db
      .insert(departments)
      .values({
        name: body.name,
        leader: body.leader,
        phone: body.phone || null,
        kind: 'organisation',
        parentId: branch.id,
        ancestors: `${branch.ancestors},${branch.id}`,
      })
      .returning({ id: departments.id });
    return row!.id;
  }

  r.post('/api/people/owner-organisations', {
    config: { access: { permission: 'people:owner:add' } },
    schema: {
      tags,
      summary: 'Create an owner organisation',
      body: orgBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'organisation created',
      data: { id: await createOrganisation(req.body) },
    }),
  });

  r.get('/api/people/owner-requests', {
    config: { access: { permission: 'people:owner:list' } },
    schema: {
      tags,
      summary: 'Back-office account requests of owner organisations',
      querystring: pageQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
      response: { 200: listAnswer(requestRow) },
    },
    handler: async (req) => {
      const cond = req.query.status ? eq(accountRequests.status, req.query.status) : undefined;
      const [total] = await db.select({ n: count() }).from(accountRequests).where(cond);
      const rows = await db
        .select()
        .from(accountRequests)
        .where(cond)
        .orderBy(desc(accountRequests.createdAt))
        .limit(req.query.pageSize)
        .offset(offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  async function pendingRequest(id: number) {
    const [request] = await db.select().from(accountRequests).where(eq(accountRequests.id, id));
    if (!request) throw notFound(text('request does not exist', '申请不存在'));
    if (request.status !== 'pending') throw badRequest(text('this request has already been reviewed', '该申请已审核'));
    return request;
  }

  r.post('/api/people/owner-requests/:id/approve', {
    config: { access: { permission: 'people:owner:add' } },
    schema: {
      tags,
      summary: 'Approve a request: the organisation and its account are created, the password goes by SMS',
      params: idParam,
      response: { 200: okWith({ data: z.object({ userId: z.number() }) }) },
    },
    handler: async (req) => {
      const request = await pendingRequest(req.params.id);
      const branch = await ownersBranch();
      const [existing] = branch
        ? await db
            .select({ id: departments.id })
            .from(departments)
            .where(and(eq(departments.parentId, branch.id), eq(departments.name, request.orgName)))
        : [];
      const orgId =
        existing?.id ??
        (await createOrganisation({ name: request.orgName, leader: request.contactName, phone: request.tel }));
      const initial = `Ow${randomBytes(6).toString('base64url')}9`;
      const userId = await employees.create(req.user!, {
        loginUid: request.loginUid,
        name: request.contactName,
        tel: request.tel,
        deptId: orgId,
        roleIds: await roleIdsOf([RoleKey.owner]),
        status: '0',
        password: initial,
      });
      await db
        .update(accountRequests)
        .set({ status: 'approved', reviewNote: null })
        .where(eq(accountRequests.id, request.id));
      await sms.send(
        request.tel,
        `Your back-office account "${request.loginUid}" has been approved. Initial password: ${initial}. Please change it after signing in.`,
      );
      return { code: 200 as const, msg: 'request approved: the initial password was sent by SMS', data: { userId } };
    },
  });

  r.post('/api/people/owner-requests/:id/reject', {
    config: { access: { permission: 'people:owner:add' } },
    schema: {
      tags,
      summary: 'Reject a request, with the reason',
      params: idParam,
      body: z.object({ reason: z.string().trim().min(2, 'give the reason').max(255) }),
      response: { 200: ok },
    },
    handler: async (req) => {
      const request = await pendingRequest(req.params.id);
      await db
        .update(accountRequests)
        .set({ status: 'rejected', reviewNote: req.body.reason })
        .where(eq(accountRequests.id, request.id));
      await sms.send(request.tel, `Your back-office account request was not approved: ${req.body.reason}`);
      return { code: 200 as const, msg: 'request rejected' };
    },
  });
}
