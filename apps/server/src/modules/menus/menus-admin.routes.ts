import { menuBody, statusBody } from '@lvb/contracts/admin';
import { VIEW_KEYS } from '@lvb/contracts/views';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/id-params.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { roleMenus } from '../roles/roles.table.ts';
import { menus } from './menus.table.ts';

/** system/menu and manager/menu edit the same tree. */
const perm = (action: string) => [`system:menu:${action}`, `manager:menu:${action}`];
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const menuRow = z.object({
  id: z.number(),
  parentId: z.number(),
  name: z.string(),
  nameZh: z.string(),
  menuType: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  query: z.string().nullable(),
  perms: z.string().nullable(),
  icon: z.string(),
  orderNum: z.number(),
  types: z.number(),
  visible: z.string(),
  isCache: z.string(),
  isFrame: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

interface TreeNode {
  id: number;
  label: string;
  labelZh: string;
  children?: TreeNode[];
}
const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({ id: z.number(), label: z.string(), labelZh: z.string(), children: z.array(treeNode).optional() }),
);

type MenuInput = z.output<typeof menuBody>;

/** A page names a known view; a directory or button names none. */
async function validate(db: Db, input: MenuInput, selfId?: number) {
  if (input.menuType === 'C' && !(VIEW_KEYS as readonly string[]).includes(input.component ?? '')) {
    throw badRequest(text('component: a page must name one of the known views', '菜单页面须指定系统已有的视图'));
  }
  if (input.menuType !== 'F' && !input.path)
    throw badRequest(text('path: a directory or page needs a route path', '目录或菜单须填写路由地址'));
  if (input.parentId !== 0) {
    const [parent] = await db.select().from(menus).where(eq(menus.id, input.parentId));
    if (!parent) throw badRequest(text('parentId: the parent menu does not exist', '上级菜单不存在'));
    if (parent.menuType === 'F')
      throw badRequest(text('parentId: a button cannot have children', '按钮下不能添加子项'));
    if (input.menuType === 'F' && parent.menuType !== 'C')
      throw badRequest(text('parentId: a button belongs to a page', '按钮只能添加在菜单页面下'));
    if (selfId !== undefined) {
      // Walking up from the new parent must not reach the entry itself.
      let cursor: number | null = parent.id;
      while (cursor) {
        if (cursor === selfId)
          throw badRequest(text('parentId: an entry cannot be moved under itself', '菜单项不能移到其自身之下'));
        const [up] = await db.select({ parentId: menus.parentId }).from(menus).where(eq(menus.id, cursor));
        cursor = up?.parentId ?? null;
      }
    }
  }
  return {
    ...input,
    component: input.menuType === 'C' ? input.component : null,
    perms: input.perms ? input.perms : null,
    query: input.query || null,
  };
}

export function buildTree<T extends { id: number; parentId: number }>(
  rows: T[],
  label: (r: T) => { label: string; labelZh: string },
) {
  const children = new Map<number, T[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const ids = new Set(rows.map((r) => r.id));
  const make = (r: T): TreeNode => {
    const kids = (children.get(r.id) ?? []).map(make);
    return { id: r.id, ...label(r), ...(kids.length > 0 ? { children: kids } : {}) };
  };
  return rows.filter((r) => !ids.has(r.parentId)).map(make);
}

/** The menu editor's calls: the whole tree, one entry, create, edit, remove. */
export async function menusAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['menus'];

  r.get('/api/system/menus', {
    config: { access: { permission: perm('list') } },
    schema: {
      tags,
      summary: 'Every menu entry, flat, in order (the client builds the tree)',
      querystring: z.object({
        name: z.string().trim().max(50).optional(),
        status: z.enum(['0', '1']).optional(),
        types: z.coerce.number().int().min(0).max(1).optional(),
      }),
      response: { 200: okWith({ data: z.array(menuRow) }) },
    },
    handler: async (req) => {
      const q = req.query;
      const cond: SQL | undefined = and(
        q.name ? ilike(menus.name, like(q.name)) : undefined,
        q.status ? eq(menus.status, q.status) : undefined,
        q.types !== undefined ? eq(menus.types, q.types) : undefined,
      );
      const data = await db
        .select()
        .from(menus)
        .where(cond)
        .orderBy(asc(menus.parentId), asc(menus.orderNum), asc(menus.id));
      return { code: 200 as const, msg: 'ok', data };
    },
  });

  r.get('/api/system/menus/tree', {
    config: { access: { permission: [...perm('list'), 'system:role:list', 'manager:arole:list'] } },
    schema: {
      tags,
      summary: 'The menu tree with labels, for the role grant editor',
      querystring: z.object({ types: z.coerce.number().int().min(0).max(1).optional() }),
      response: { 200: okWith({ data: z.array(treeNode) }) },
    },
    handler: async (req) => {
      const rows = await db
        .select()
        .from(menus)
        .where(and(eq(menus.status, '0'), req.query.types !== undefined ? eq(menus.types, req.query.types) : undefined))
        .orderBy(asc(menus.parentId), asc(menus.orderNum), asc(menus.id));
      return {
        code: 200 as const,
        msg: 'ok',
        data: buildTree(rows, (m) => ({ label: m.name, labelZh: m.nameZh || m.name })),
      };
    },
  });

  r.get('/api/system/menus/:id', {
    config: { access: { permission: perm('query') } },
    schema: { tags, summary: 'One menu entry', params: idParam, response: { 200: okWith({ data: menuRow }) } },
    handler: async (req) => {
      const [row] = await db.select().from(menus).where(eq(menus.id, req.params.id));
      if (!row) throw notFound(text('menu entry does not exist', '菜单项不存在'));
      return { code: 200 as const, msg: 'ok', data: row };
    },
  });

  r.post('/api/system/menus', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create a menu entry',
      body: menuBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const [row] = await db
        .insert(menus)
        .values(await validate(db, req.body))
        .returning({ id: menus.id });
      return { code: 200 as const, msg: 'menu entry created', data: { id: row!.id } };
    },
  });

  r.put('/api/system/menus/:id', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Edit a menu entry', params: idParam, body: menuBody, response: { 200: ok } },
    handler: async (req) => {
      const values = await validate(db, req.body, req.params.id);
      const updated = await db.update(menus).set(values).where(eq(menus.id, req.params.id)).returning({ id: menus.id });
      if (updated.length === 0) throw notFound(text('menu entry does not exist', '菜单项不存在'));
      return { code: 200 as const, msg: 'menu entry saved' };
    },
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
    handler: async (req) => {
      const updated = await db
        .update(menus)
        .set({ status: req.body.status })
        .where(eq(menus.id, req.params.id))
        .returning({ id: menus.id });
      if (updated.length === 0) throw notFound(text('menu entry does not exist', '菜单项不存在'));
      return { code: 200 as const, msg: 'menu entry saved' };
    },
  });

  r.delete('/api/system/menus/:id', {
    config: { access: { permission: perm('remove') } },
    schema: {
      tags,
      summary: 'Remove a menu entry without children that no role holds',
      params: idParam,
      response: { 200: ok },
    },
    handler: async (req) => {
      const id = req.params.id;
      const [kids] = await db.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
      if ((kids?.n ?? 0) > 0) throw badRequest(text('remove the entries under it first', '请先删除其下级菜单项'));
      const [granted] = await db.select({ n: count() }).from(roleMenus).where(eq(roleMenus.menuId, id));
      if ((granted?.n ?? 0) > 0)
        throw badRequest(
          text(
            'roles still hold this entry: take it out of their grants first',
            '仍有角色包含该菜单项，请先在角色授权中取消',
          ),
        );
      const removed = await db.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id });
      if (removed.length === 0) throw notFound(text('menu entry does not exist', '菜单项不存在'));
      return { code: 200 as const, msg: 'removed' };
    },
  });
}
