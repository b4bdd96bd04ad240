import type { roleFilter } from '@lvb/contracts/admin';
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../lib/paging.ts';
import { menuPermissions, menusWithPermission } from '../menus/menus.repository.ts';
import { roleMenus, roles } from './roles.table.ts';

type Conn = Db | Tx;
export type RoleRow = typeof roles.$inferSelect;
type RoleFields = Omit<typeof roles.$inferInsert, 'id' | 'createdAt'>;

/** Of the roles in `roleIds` (a subquery of ids), those that are enabled. */
export const enabledRoleIds = (roleIds: SQL) =>
  sql`select r.id from roles r where r.status = '0' and r.id in (${roleIds})`;

/** Ids of the menu entries the roles in `roleIds` (a subquery) grant. */
export const menusGrantedBy = (roleIds: SQL) =>
  sql`select rm.menu_id from role_menus rm where rm.role_id in (${roleIds})`;

/** Ids of the roles with one of these keys, as a subquery. */
export const roleIdsWithKeys = (keys: readonly string[]) => sql`select r.id from roles r where r.role_key in ${keys}`;

/** Ids of the enabled roles that grant `permission`, as a subquery. */
export const rolesGranting = (permission: string) =>
  enabledRoleIds(sql`select rm.role_id from role_menus rm where rm.menu_id in (${menusWithPermission(permission)})`);

/**
 * What the enabled roles among `roleIds` give their holder, as scalar subqueries: their keys in
 * order, their data scopes, and the permission strings of the menus they grant.
 */
export const grantsOf = (roleIds: SQL) => ({
  keys: sql<string[]>`(select coalesce(json_agg(r.role_key order by r.order_num, r.id), '[]') from roles r
    where r.status = '0' and r.id in (${roleIds}))`,
  dataScopes: sql<string[]>`(select coalesce(json_agg(distinct r.data_scope), '[]') from roles r
    where r.status = '0' and r.id in (${roleIds}))`,
  permissions: menuPermissions(menusGrantedBy(enabledRoleIds(roleIds))),
});

const filterOf = (f: z.output<typeof roleFilter>): SQL | undefined =>
  and(
    f.roleKey ? ilike(roles.roleKey, containing(f.roleKey)) : undefined,
    f.name ? ilike(roles.name, containing(f.name)) : undefined,
    f.status ? eq(roles.status, f.status) : undefined,
    f.types !== undefined ? eq(roles.types, f.types) : undefined,
  );

/** Roles and their menu grants: the only place that reads or writes roles and role_menus. */
export const rolesRepository = {
  async page(db: Db, f: z.output<typeof roleFilter>, page: { offset: number; limit: number }) {
    const cond = filterOf(f);
    const [total] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(roles)
      .where(cond);
    const rows = await db
      .select()
      .from(roles)
      .where(cond)
      .orderBy(asc(roles.orderNum), asc(roles.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: total?.n ?? 0 };
  },

  findById: async (db: Db, id: number) => (await db.select().from(roles).where(eq(roles.id, id)))[0],

  findByKey: async (db: Db, key: string) => (await db.select().from(roles).where(eq(roles.roleKey, key)))[0],

  /** Id, key and name of the given roles. */
  summaries: async (db: Db, ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .select({ roleId: roles.id, roleKey: roles.roleKey, roleName: roles.name, dataScope: roles.dataScope })
          .from(roles)
          .where(inArray(roles.id, ids)),

  idsOfKeys: async (db: Conn, keys: readonly string[]) =>
    keys.length === 0
      ? []
      : (
          await db
            .select({ id: roles.id })
            .from(roles)
            .where(inArray(roles.roleKey, [...keys]))
        ).map((r) => r.id),

  options: (db: Db, types?: number) =>
    db
      .select({ roleId: roles.id, roleKey: roles.roleKey, name: roles.name, types: roles.types, status: roles.status })
      .from(roles)
      .where(types === undefined ? undefined : eq(roles.types, types))
      .orderBy(asc(roles.orderNum)),

  menuIdsOf: async (db: Db, roleId: number) =>
    (await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId))).map((m) => m.id),

  /** The distinct menu ids the given roles grant. */
  menuIdsOfRoles: async (db: Db, roleIds: number[]) =>
    roleIds.length === 0
      ? []
      : (
          await db.selectDistinct({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds))
        ).map((m) => m.id),

  countHoldingMenu: async (db: Db, menuId: number) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(roleMenus)
        .where(eq(roleMenus.menuId, menuId))
    )[0]?.n ?? 0,

  create: (db: Db, fields: RoleFields, menuIds: number[]) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(roles).values(fields).returning({ id: roles.id });
      if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: row!.id, menuId })));
      return row!.id;
    }),

  update: (db: Db, id: number, fields: RoleFields, menuIds: number[]) =>
    db.transaction(async (tx) => {
      await tx.update(roles).set(fields).where(eq(roles.id, id));
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
      if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
    }),

  setStatus: (db: Db, id: number, status: string) => db.update(roles).set({ status }).where(eq(roles.id, id)),

  remove: (db: Db, ids: number[]) => db.delete(roles).where(inArray(roles.id, ids)),
};
