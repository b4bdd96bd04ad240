import { menuBody, menuFilter, menuRow, statusBody, treeNode, type MenuRow } from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { Db } from '../../db/client.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { createMenusService } from './menus.service.ts';

/** system/menu and manager/menu edit the same tree. */
const perm = (action: keyof typeof Perm.system.menu) => [Perm.system.menu[action], Perm.manager.menu[action]];

const MENU_TYPE: Record<string, string> = { M: 'Directory', C: 'Page', F: 'Button' };
const yesNo = (v: string) => (v === '0' ? 'Yes' : 'No');

/** The columns of an export of menu entries. */
const MENU_SHEET: ExcelColumn<MenuRow>[] = [
  { header: 'Name', width: 26, value: (m) => m.name },
  { header: 'Chinese name', width: 20, value: (m) => m.nameZh },
  { header: 'Type', width: 12, value: (m) => MENU_TYPE[m.menuType] ?? m.menuType },
  { header: 'Path', width: 20, value: (m) => m.path },
  { header: 'View', width: 24, value: (m) => m.component },
  { header: 'Permission', width: 30, value: (m) => m.perms },
  { header: 'Order', width: 8, value: (m) => m.orderNum },
  { header: 'Menu of', value: (m) => (m.types === 1 ? 'Suppliers' : 'Back office') },
  { header: 'Visible', width: 10, value: (m) => yesNo(m.visible) },
  { header: 'Status', value: (m) => (m.status === '0' ? 'Enabled' : 'Disabled') },
  { header: 'Created', width: 22, value: (m) => m.createdAt },
];

/** The menu editor's calls: the whole tree, one entry, create, edit, remove. */
export async function menusAdminRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  const menus = createMenusService({ db, identity: sessions });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['menus'];

  r.get('/api/system/menus', {
    config: { access: { permission: perm('list') } },
    schema: {
      tags,
      summary: 'Every menu entry, flat, in order (the client builds the tree)',
      querystring: menuFilter,
      response: { 200: okWith({ data: z.array(menuRow) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await menus.list(req.query) }),
  });

  r.get('/api/system/menus/export', {
    config: { access: { permission: perm('export') } },
    schema: { tags, summary: 'Export the filtered menu entries to Excel', querystring: menuFilter },
    handler: async (req, reply) => sendExcel(reply, 'menus.xlsx', MENU_SHEET, await menus.list(req.query)),
  });

  r.get('/api/system/menus/tree', {
    config: { access: { permission: [...perm('list'), Perm.system.role.list, Perm.manager.arole.list] } },
    schema: {
      tags,
      summary: 'The menu tree with labels, for the role grant editor',
      querystring: z.object({ types: menuFilter.shape.types }),
      response: { 200: okWith({ data: z.array(treeNode) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await menus.tree(req.query.types) }),
  });

  r.get('/api/system/menus/:id', {
    config: { access: { permission: perm('query') } },
    schema: { tags, summary: 'One menu entry', params: idParam, response: { 200: okWith({ data: menuRow }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await menus.get(req.params.id) }),
  });

  r.post('/api/system/menus', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create a menu entry',
      body: menuBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'menu entry created',
      data: { id: await menus.create(req.user!, req.body) },
    }),
  });

  r.put('/api/system/menus/:id', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Edit a menu entry', params: idParam, body: menuBody, response: { 200: ok } },
    handler: async (req) => okAfter(menus.update(req.user!, req.params.id, req.body), 'menu entry saved'),
  });

  r.put('/api/system/menus/:id/status', {
    config: { access: { permission: perm('edit') } },
    schema: {
      tags,
      summary: 'Enable or disable a menu entry',
      params: idParam,
      body: statusBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(menus.setStatus(req.params.id, req.body.status), 'menu entry saved'),
  });

  r.delete('/api/system/menus/:id', {
    config: { access: { permission: perm('remove') } },
    schema: {
      tags,
      summary: 'Remove a menu entry without children that no role holds',
      params: idParam,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(menus.remove(req.params.id), 'removed'),
  });
}
