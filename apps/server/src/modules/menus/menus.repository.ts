import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../lib/paging.ts';
import { menus } from './menus.table.ts';

export type MenuRow = typeof menus.$inferSelect;
type MenuFields = Omit<typeof menus.$inferInsert, 'id' | 'createdAt'>;

const inTreeOrder = [asc(menus.parentId), asc(menus.orderNum), asc(menus.id)];

/** The distinct permission strings of the enabled entries among `menuIds` (a subquery), as JSON. */
export const menuPermissions = (menuIds: SQL) =>
  sql<string[]>`(select coalesce(json_agg(distinct m.perms), '[]') from menus m
    where m.id in (${menuIds}) and m.status = '0' and m.perms is not null and m.perms <> '')`;

/** Ids of the enabled menu entries that carry `permission`, as a subquery. */
export const menusWithPermission = (permission: string) =>
  sql`select m.id from menus m where m.perms = ${permission} and m.status = '0'`;

/** Menu entries: the only place that reads or writes the menus table. */
export const menusRepository = {
  list: (db: Db, f: { name?: string; status?: string; types?: number }) =>
    db
      .select()
      .from(menus)
      .where(
        and(
          f.name ? ilike(menus.name, containing(f.name)) : undefined,
          f.status ? eq(menus.status, f.status) : undefined,
          f.types !== undefined ? eq(menus.types, f.types) : undefined,
        ),
      )
      .orderBy(...inTreeOrder),

  /** Enabled directories and pages (not buttons) of one login type; all, or those in `menuIds`. */
  pages: (db: Db, types: number, menuIds?: SQL) =>
    db
      .select()
      .from(menus)
      .where(
        and(
          eq(menus.types, types),
          eq(menus.status, '0'),
          inArray(menus.menuType, ['M', 'C']),
          menuIds ? sql`${menus.id} in (${menuIds})` : undefined,
        ),
      )
      .orderBy(...inTreeOrder),

  findById: async (db: Db, id: number) => (await db.select().from(menus).where(eq(menus.id, id)))[0],

  parentIdOf: async (db: Db, id: number) =>
    (await db.select({ parentId: menus.parentId }).from(menus).where(eq(menus.id, id)))[0]?.parentId ?? null,

  permsOf: async (db: Db, ids: number[]) =>
    ids.length === 0 ? [] : db.select({ perms: menus.perms }).from(menus).where(inArray(menus.id, ids)),

  childCount: async (db: Db, id: number) =>
    (await db.select({ n: count() }).from(menus).where(eq(menus.parentId, id)))[0]?.n ?? 0,

  insert: async (db: Db, values: MenuFields) =>
    (await db.insert(menus).values(values).returning({ id: menus.id }))[0]!.id,

  /** Saves an entry; false when there is none with this id. */
  update: async (db: Db, id: number, values: Partial<MenuFields>) =>
    (await db.update(menus).set(values).where(eq(menus.id, id)).returning({ id: menus.id })).length > 0,

  remove: async (db: Db, id: number) =>
    (await db.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id })).length > 0,
};
