import { roleBody, roleDetail, roleFilter, roleOption, roleRow, statusBody } from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { RolesService } from './roles.service.ts';

/** system/role and manager/arole manage the same roles. */
const perm = (action: keyof typeof Perm.system.role) => [Perm.system.role[action], Perm.manager.arole[action]];

const SCOPE_NAMES: Record<string, string> = {
  '1': 'All',
  '3': 'Own organisation',
  '4': 'Own department and below',
  '5': 'Self only',
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
      const { rows } = await roles.list(req.query, { offset: 0, limit: EXPORT_MAX_ROWS });
      return sendExcel(
        reply,
        'roles.xlsx',
        [
          { header: 'Key', value: (x) => x.roleKey },
          { header: 'Name', value: (x) => x.name },
          { header: 'For', value: (x) => (x.types === 0 ? 'Back office' : 'Suppliers') },
          { header: 'Data scope', width: 26, value: (x) => SCOPE_NAMES[x.dataScope] ?? x.dataScope },
          { header: 'Status', value: (x) => (x.status === '0' ? 'Enabled' : 'Disabled') },
          { header: 'Created', width: 22, value: (x) => x.createdAt },
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
