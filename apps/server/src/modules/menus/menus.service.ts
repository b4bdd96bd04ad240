import { SUPER_ROLE } from '@lvb/contracts/access';
import type { menuBody } from '@lvb/contracts/admin';
import type { MenuRoute } from '@lvb/contracts/identity';
import { LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT, VIEW_KEYS } from '@lvb/contracts/views';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { buildTree } from '../../lib/tree.ts';
import { accountsRepository, roleIdsOfUser } from '../accounts/accounts.repository.ts';
import { enabledRoleIds, menusGrantedBy, rolesRepository } from '../roles/roles.repository.ts';
import { assertCanGrantPermission } from '../roles/grant-ceiling.ts';
import type { IdentityChanges, SignedInUser } from '../sessions/sessions.service.ts';
import { menusRepository, type MenuRow } from './menus.repository.ts';

type MenuInput = z.output<typeof menuBody>;
const MISSING = text('menu entry does not exist', '菜单项不存在');

/** Directories and pages (not buttons) of one login type that the user's roles grant. */
export async function visibleMenus(db: Db, userId: number, types: number, roleKeys: string[]): Promise<MenuRow[]> {
  if (roleKeys.includes(SUPER_ROLE)) return menusRepository.pages(db, types);
  return menusRepository.pages(db, types, menusGrantedBy(enabledRoleIds(roleIdsOfUser(sql`${userId}`))));
}

const routeName = (m: MenuRow) =>
  m.path.replace(/(^|[-_/])(\w)/g, (_, __, c: string) => c.toUpperCase()).replace(/\W/g, '') + m.id;

/**
 * Builds the route tree of spec §3 from flat menu rows: top-level directories render in the
 * layout, nested ones in a plain parent view, pages name their view key.
 */
export function buildRouteTree(rows: MenuRow[]): MenuRoute[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const ids = new Set(rows.map((r) => r.id));

  const toRoute = (m: MenuRow, topLevel: boolean): MenuRoute => {
    const children = (byParent.get(m.id) ?? []).map((c) => toRoute(c, false));
    const external = m.isFrame === '0';
    const route: MenuRoute = {
      name: routeName(m),
      path: topLevel && !external ? `/${m.path.replace(/^\//, '')}` : m.path,
      hidden: m.visible === '1',
      component: m.menuType === 'M' ? (topLevel ? LAYOUT_COMPONENT : PARENT_VIEW_COMPONENT) : (m.component ?? ''),
      meta: {
        title: m.name,
        titleZh: m.nameZh || m.name,
        icon: m.icon,
        noCache: m.isCache === '1',
        link: external ? m.path : null,
      },
    };
    if (m.query) route.query = m.query;
    if (m.menuType === 'M') {
      route.redirect = 'noRedirect';
      route.alwaysShow = children.length > 0;
      route.children = children;
    }
    return route;
  };

  // Entries whose parent is not visible to this user are dropped with it.
  const roots = rows.filter((r) => r.parentId === 0 || !ids.has(r.parentId)).filter((r) => r.parentId === 0);
  return roots
    .map((r) => toRoute(r, true))
    .filter((r) => r.component !== LAYOUT_COMPONENT || (r.children?.length ?? 0) > 0);
}

/** The menu as one user sees it: the caller's own, or another's for an administrator. */
export async function menuOf(
  db: Db,
  caller: { id: number; types: number; roles: string[] },
  q: { userId?: number; loginType?: number },
) {
  const isAdmin = caller.roles.includes(SUPER_ROLE);
  let subject = { id: caller.id, types: caller.types, roles: caller.roles };
  if (q.userId !== undefined && q.userId !== caller.id) {
    if (!isAdmin) throw forbidden(text('you may only load your own menu', '只能加载本人的菜单'));
    const other = await accountsRepository.findById(db, q.userId);
    if (!other) throw notFound(text('user does not exist', '用户不存在'));
    subject = { id: other.id, types: other.types, roles: await accountsRepository.roleKeys(db, other.id) };
  }
  const types = q.loginType ?? subject.types;
  if (types !== subject.types && !isAdmin)
    throw forbidden(text('you may only load the menu of your own login type', '只能加载本人登录类型的菜单'));
  return buildRouteTree(await visibleMenus(db, subject.id, types, subject.roles));
}

/** The menu editor: entries, their tree, create, edit, enable or disable, remove. */
export function createMenusService({ db, identity }: { db: Db; identity: IdentityChanges }) {
  /** A page names a known view; a directory or button names none. */
  async function validate(input: MenuInput, selfId?: number) {
    if (input.menuType === 'C' && !(VIEW_KEYS as readonly string[]).includes(input.component ?? '')) {
      throw badRequest(text('component: a page must name one of the known views', '菜单页面须指定系统已有的视图'));
    }
    if (input.menuType !== 'F' && !input.path)
      throw badRequest(text('path: a directory or page needs a route path', '目录或菜单须填写路由地址'));
    if (input.parentId !== 0) {
      const parent = await menusRepository.findById(db, input.parentId);
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
          cursor = await menusRepository.parentIdOf(db, cursor);
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

  /** Saves changes to an entry; signed-in users' permissions come from entries. */
  async function save(id: number, values: Parameters<typeof menusRepository.update>[2]) {
    if (!(await menusRepository.update(db, id, values))) throw notFound(MISSING);
    await identity.changed();
  }

  return {
    list: (f: { name?: string; status?: string; types?: number }) => menusRepository.list(db, f),

    /** The tree of enabled entries with labels, for the role grant editor. */
    async tree(types?: number) {
      const rows = await menusRepository.list(db, { status: '0', types });
      return buildTree(rows, (m) => ({ label: m.name, labelZh: m.nameZh || m.name }));
    },

    async get(id: number) {
      const row = await menusRepository.findById(db, id);
      if (!row) throw notFound(MISSING);
      return row;
    },

    /** A new entry carries only a permission its author holds (it could otherwise be granted). */
    async create(actor: SignedInUser, input: MenuInput) {
      assertCanGrantPermission(actor, input.perms);
      return menusRepository.insert(db, await validate(input));
    },

    /**
     * Changing an entry's permission changes what every role holding the entry grants: the
     * actor must hold both the permission taken away and the one put in its place.
     */
    async update(actor: SignedInUser, id: number, input: MenuInput) {
      const current = await menusRepository.findById(db, id);
      if (!current) throw notFound(MISSING);
      if ((current.perms ?? '') !== (input.perms ?? '')) {
        assertCanGrantPermission(actor, current.perms);
        assertCanGrantPermission(actor, input.perms);
      }
      await save(id, await validate(input, id));
    },

    setStatus: (id: number, status: string) => save(id, { status }),

    async remove(id: number) {
      if ((await menusRepository.childCount(db, id)) > 0)
        throw badRequest(text('remove the entries under it first', '请先删除其下级菜单项'));
      if ((await rolesRepository.countHoldingMenu(db, id)) > 0)
        throw badRequest(
          text(
            'roles still hold this entry: take it out of their grants first',
            '仍有角色包含该菜单项，请先在角色授权中取消',
          ),
        );
      if (!(await menusRepository.remove(db, id))) throw notFound(MISSING);
    },
  };
}
export type MenusService = ReturnType<typeof createMenusService>;
