import { SUPER_ROLE } from '@lvb/contracts/access';
import type { MenuRoute } from '@lvb/contracts/identity';
import { LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT } from '@lvb/contracts/views';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles } from '../accounts/accounts.table.ts';
import { roleMenus, roles } from '../roles/roles.table.ts';
import { menus } from './menus.table.ts';

type MenuRow = typeof menus.$inferSelect;

/** Directories and pages (not buttons) of one login type that the user's roles grant. */
export async function visibleMenus(db: Db, userId: number, types: number, roleKeys: string[]): Promise<MenuRow[]> {
  const base = and(eq(menus.types, types), eq(menus.status, '0'), inArray(menus.menuType, ['M', 'C']));
  if (roleKeys.includes(SUPER_ROLE)) {
    return db.select().from(menus).where(base).orderBy(asc(menus.parentId), asc(menus.orderNum), asc(menus.id));
  }
  const rows = await db
    .selectDistinct({ menu: menus })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, '0')))
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(userRoles.userId, userId), base));
  return rows.map((r) => r.menu).sort((a, b) => a.parentId - b.parentId || a.orderNum - b.orderNum || a.id - b.id);
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
