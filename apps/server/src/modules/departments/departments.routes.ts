import { deptBody, deptRow, treeNode, type DeptRow } from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, type Language } from '../../i18n/text.ts';
import { headerIn, sendExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { Db } from '../../db/client.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { createDepartmentsService } from './departments.service.ts';

const dept = Perm.system.dept;
const deptFilter = z.object({ name: z.string().trim().max(100).optional(), status: z.enum(['0', '1']).optional() });

/** The columns of an export of departments, headed in the reader's language. */
function deptSheet(lang: Language): ExcelColumn<DeptRow>[] {
  const h = headerIn(lang);
  return [
    { header: h('Name', '部门名称'), width: 30, value: (d) => d.name },
    {
      header: h('Kind', '类别'),
      value: (d) => (d.kind === 'organisation' ? h('organisation', '单位') : h('department', '部门')),
    },
    { header: h('Leader', '负责人'), value: (d) => d.leader },
    { header: h('Phone', '联系电话'), value: (d) => d.phone },
    { header: h('Order', '显示顺序'), width: 8, value: (d) => d.orderNum },
    { header: h('Status', '状态'), value: (d) => statusLabel('sys_normal_disable', d.status)[lang] },
    { header: h('Created', '创建时间'), width: 18, value: (d) => d.createdAt },
  ];
}

/** The department tree: list, tree options for pickers, create, edit (and move), remove. */
export async function departmentsRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  const departments = createDepartmentsService({ db, identity: sessions });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['departments'];

  r.get('/api/system/depts', {
    config: { access: { permission: dept.list } },
    schema: {
      tags,
      summary: 'Departments, flat, in order (the client builds the tree)',
      querystring: deptFilter,
      response: { 200: okWith({ data: z.array(deptRow) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await departments.list(req.user!, req.query) }),
  });

  r.get('/api/system/depts/export', {
    config: { access: { permission: dept.export } },
    schema: { tags, summary: 'Export the filtered departments to Excel', querystring: deptFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const rows = await departments.list(req.user!, req.query);
      return sendExcel(reply, lang === 'zh' ? '部门.xlsx' : 'departments.xlsx', deptSheet(lang), rows);
    },
  });

  r.get('/api/system/depts/tree', {
    config: {
      access: {
        permission: [
          dept.list,
          Perm.system.user.list,
          Perm.manager.auser.list,
          Perm.people.staff.list,
          Perm.people.auditor.list,
          Perm.people.supervisor.list,
          Perm.people.owner.list,
        ],
      },
    },
    schema: {
      tags,
      summary: 'The department tree for pickers',
      response: { 200: okWith({ data: z.array(treeNode) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await departments.tree(req.user!) }),
  });

  r.get('/api/system/depts/:id', {
    config: { access: { permission: dept.query } },
    schema: { tags, summary: 'One department', params: idParam, response: { 200: okWith({ data: deptRow }) } },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await departments.visible(req.user!, req.params.id),
    }),
  });

  r.post('/api/system/depts', {
    config: { access: { permission: dept.add } },
    schema: {
      tags,
      summary: 'Create a department',
      body: deptBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'department created',
      data: { id: await departments.create(req.user!, req.body) },
    }),
  });

  r.put('/api/system/depts/:id', {
    config: { access: { permission: dept.edit } },
    schema: { tags, summary: 'Edit or move a department', params: idParam, body: deptBody, response: { 200: ok } },
    handler: async (req) => okAfter(departments.update(req.user!, req.params.id, req.body), 'department saved'),
  });

  r.delete('/api/system/depts/:id', {
    config: { access: { permission: dept.remove } },
    schema: {
      tags,
      summary: 'Remove a department without sub-departments or users',
      params: idParam,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(departments.remove(req.user!, req.params.id), 'removed'),
  });
}
