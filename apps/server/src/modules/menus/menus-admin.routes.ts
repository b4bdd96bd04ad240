import { menuBody, menuFilter, menuRow, statusBody, treeNode, type MenuRow } from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, text, type Language, type Text } from '../../i18n/text.ts';
import { headerIn, sendExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { Db } from '../../db/client.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { createMenusService } from './menus.service.ts';

/** system/menu and manager/menu edit the same tree. */
const perm = (action: keyof typeof Perm.system.menu) => [Perm.system.menu[action], Perm.manager.menu[action]];

const MENU_TYPE: Record<string, Text> = {
  M: text('directory', '目录'),
  C: text('page', '菜单'),
  F: text('button', '按钮'),
};

/** The columns of an export of menu entries, headed in the reader's language. */
function menuSheet(lang: Language): ExcelColumn<MenuRow>[] {
  const h = headerIn(lang);
  return [
    { header: h('Name', '名称（英文）'), width: 26, value: (m) => m.name },
    { header: h('Chinese name', '名称（中文）'), width: 20, value: (m) => m.nameZh },
    { header: h('Type', '菜单类型'), width: 12, value: (m) => MENU_TYPE[m.menuType]?.[lang] ?? m.menuType },
    { header: h('Path', '路由地址'), width: 20, value: (m) => m.path },
    { header: h('View', '页面视图'), width: 24, value: (m) => m.component },
    { header: h('Permission', '权限标识'), width: 30, value: (m) => m.perms },
    { header: h('Order', '显示顺序'), width: 8, value: (m) => m.orderNum },
    { header: h('Menu of', '登录类型'), value: (m) => statusLabel('sys_user_types', String(m.types))[lang] },
    { header: h('Visible', '显示'), width: 10, value: (m) => statusLabel('sys_show_hide', m.visible)[lang] },
    { header: h('Status', '状态'), value: (m) => statusLabel('sys_normal_disable', m.status)[lang] },
    { header: h('Created', '创建时间'), width: 18, value: (m) => m.createdAt },
  ];
}

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
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return sendExcel(reply, lang === 'zh' ? '菜单.xlsx' : 'menus.xlsx', menuSheet(lang), await menus.list(req.query));
    },
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
