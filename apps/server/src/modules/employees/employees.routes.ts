import {
  employeeCreateBody,
  employeeFilter,
  employeeRow,
  employeeUpdateBody,
  resetPasswordBody,
  statusBody,
  type EmployeeRow,
} from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, type Language } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { EmployeesService } from './employees.service.ts';

/** system/user and manager/auser show the same accounts; either page's permission opens a call. */
const perm = (action: keyof typeof Perm.manager.auser) => [Perm.system.user[action], Perm.manager.auser[action]];

/**
 * The spreadsheet columns of an export of accounts, headed in the reader's language; `dept` names
 * the department column (its header already in that language).
 */
export const employeeSheet = (
  lang: Language,
  dept: { header: string; width?: number },
  rolesWidth: number,
): ExcelColumn<EmployeeRow>[] => {
  const h = headerIn(lang);
  return [
    { header: h('User name', '用户名'), value: (u) => u.loginUid },
    { header: h('Name', '姓名'), value: (u) => u.name },
    { header: h('Phone', '手机号码'), value: (u) => u.tel },
    { ...dept, value: (u) => u.deptName },
    { header: h('Roles', '角色'), width: rolesWidth, value: (u) => u.roles.map((x) => x.roleName).join(', ') },
    { header: h('Status', '状态'), value: (u) => statusLabel('sys_normal_disable', u.status)[lang] },
    { header: h('Created', '创建时间'), width: 18, value: (u) => u.createdAt },
  ];
};

export async function employeesRoutes(app: FastifyInstance, { employees }: { employees: EmployeesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['employees'];

  r.get('/api/system/users', {
    config: { access: { permission: perm('list') } },
    schema: {
      tags,
      summary: 'List employees',
      querystring: employeeFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(employeeRow) },
    },
    handler: async (req) => {
      const { pageNum: _pageNum, pageSize, ...filter } = req.query;
      const page = await employees.list(req.user!, filter, { offset: offsetOf(req.query), limit: pageSize });
      return { code: 200 as const, msg: 'ok', ...page };
    },
  });

  r.get('/api/system/users/export', {
    config: { access: { permission: perm('export') } },
    schema: { tags, summary: 'Export the filtered employees to Excel', querystring: employeeFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const columns = employeeSheet(lang, { header: headerIn(lang)('Department', '部门') }, 30);
      return streamExcel(reply, lang === 'zh' ? '用户.xlsx' : 'employees.xlsx', columns, (page) =>
        employees.list(req.user!, req.query, page).then((r) => r.rows),
      );
    },
  });

  r.get('/api/system/users/:id', {
    // The edit form reads the account as it is now: its editors may read it too.
    config: { access: { permission: [...perm('query'), ...perm('edit')] } },
    schema: { tags, summary: 'One employee', params: idParam, response: { 200: okWith({ data: employeeRow }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await employees.get(req.user!, req.params.id) }),
  });

  r.post('/api/system/users', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create an employee',
      body: employeeCreateBody,
      response: { 200: okWith({ data: z.object({ userId: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'user created',
      data: { userId: await employees.create(req.user!, req.body) },
    }),
  });

  r.put('/api/system/users/:id', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Edit an employee', params: idParam, body: employeeUpdateBody, response: { 200: ok } },
    handler: async (req) => okAfter(employees.update(req.user!, req.params.id, req.body), 'user saved'),
  });

  r.put('/api/system/users/:id/status', {
    config: { access: { permission: perm('edit') } },
    schema: {
      tags,
      summary: 'Enable or disable an employee',
      params: idParam,
      body: statusBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      await employees.setStatus(req.user!, req.params.id, req.body.status);
      return { code: 200 as const, msg: req.body.status === '0' ? 'user enabled' : 'user disabled' };
    },
  });

  r.put('/api/system/users/:id/password', {
    config: { access: { permission: [Perm.system.user.resetPwd, Perm.manager.auser.edit] } },
    schema: {
      tags,
      summary: "Reset an employee's password; their sessions end",
      params: idParam,
      body: resetPasswordBody,
      response: { 200: ok },
    },
    handler: async (req) =>
      okAfter(employees.resetPassword(req.user!, req.params.id, req.body.password), 'password reset'),
  });

  r.delete('/api/system/users/:ids', {
    config: { access: { permission: perm('remove') } },
    schema: { tags, summary: 'Remove employees', params: idsParam, response: { 200: ok } },
    handler: async (req) => okAfter(employees.remove(req.user!, req.params.ids), 'removed'),
  });
}
