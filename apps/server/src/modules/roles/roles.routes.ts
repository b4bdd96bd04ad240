import { roleBody, roleDetail, roleFilter, roleOption, roleRow, statusBody } from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, text, type Text } from '../../i18n/text.ts';
import { EXPORT_MAX_ROWS, headerIn, sendExcel } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { RolesService } from './roles.service.ts';

/** system/role and manager/arole manage the same roles. */
const perm = (action: keyof typeof Perm.system.role) => [Perm.system.role[action], Perm.manager.arole[action]];

const SCOPE_NAMES: Record<string, Text> = {
  '1': text('all', '全部数据'),
  '3': text('own organisation', '本单位'),
  '4': text('own department and below', '本部门及以下'),
  '5': text('self only', '仅本人'),
};

export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  r.get('/api/system/roles', {
    config: { access: { permission: perm('list') } },
    schema: {
      tags,
      summary: 'List roles',
      querystring: roleFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(roleRow) },
    },
    handler: async (req) => {
      const { pageNum: _p, pageSize, ...filter } = req.query;
      return {
        code: 200 as const,
        msg: 'ok',
        ...(await roles.list(filter, { offset: offsetOf(req.query), limit: pageSize })),
      };
    },
  });

  r.get('/api/system/roles/options', {
    config: {
      access: {
        permission: [Perm.system.user.list, Perm.manager.auser.list, Perm.system.role.list, Perm.manager.arole.list],
      },
    },
    schema: {
      tags,
      summary: 'Roles to choose from in the user forms',
      querystring: z.object({ types: z.coerce.number().int().min(0).max(1).optional() }),
      response: {
        200: okWith({ data: z.array(roleOption) }),
      },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await roles.options(req.query.types) }),
  });

  r.get('/api/system/roles/export', {
    config: { access: { permission: perm('export') } },
    schema: { tags, summary: 'Export the filtered roles to Excel', querystring: roleFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      const { rows } = await roles.list(req.query, { offset: 0, limit: EXPORT_MAX_ROWS });
      return sendExcel(
        reply,
        lang === 'zh' ? '角色.xlsx' : 'roles.xlsx',
        [
          { header: h('Key', '权限字符'), value: (x) => x.roleKey },
          { header: h('Name', '角色名称'), value: (x) => x.name },
          { header: h('For', '适用对象'), value: (x) => statusLabel('sys_user_types', String(x.types))[lang] },
          {
            header: h('Data scope', '数据范围'),
            width: 26,
            value: (x) => SCOPE_NAMES[x.dataScope]?.[lang] ?? x.dataScope,
          },
          { header: h('Status', '状态'), value: (x) => statusLabel('sys_normal_disable', x.status)[lang] },
          { header: h('Created', '创建时间'), width: 18, value: (x) => x.createdAt },
        ],
        rows,
      );
    },
  });

  r.get('/api/system/roles/:id', {
    config: { access: { permission: perm('query') } },
    schema: {
      tags,
      summary: 'One role with its granted menu ids',
      params: idParam,
      response: { 200: okWith({ data: roleDetail }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await roles.get(req.params.id) }),
  });

  r.post('/api/system/roles', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create a role',
      body: roleBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'role created',
      data: { id: await roles.create(req.user!, req.body) },
    }),
  });

  r.put('/api/system/roles/:id', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Edit a role and its grants', params: idParam, body: roleBody, response: { 200: ok } },
    handler: async (req) => okAfter(roles.update(req.user!, req.params.id, req.body), 'role saved'),
  });

  r.put('/api/system/roles/:id/status', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Enable or disable a role', params: idParam, body: statusBody, response: { 200: ok } },
    handler: async (req) => okAfter(roles.setStatus(req.params.id, req.body.status), 'role saved'),
  });

  r.delete('/api/system/roles/:ids', {
    config: { access: { permission: perm('remove') } },
    schema: { tags, summary: 'Remove roles no one holds', params: idsParam, response: { 200: ok } },
    handler: async (req) => okAfter(roles.remove(req.params.ids), 'removed'),
  });
}
