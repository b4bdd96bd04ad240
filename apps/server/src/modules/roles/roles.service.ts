import { SUPER_ROLE } from '@lvb/contracts/access';
import type { roleBody, roleFilter } from '@lvb/contracts/admin';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { userRoles } from '../accounts/accounts.table.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { assertCanGrantMenus } from './grant-ceiling.ts';
import { roleMenus, roles } from './roles.table.ts';

type RoleInput = z.output<typeof roleBody>;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Roles with their menu and button grants and their data scope. */
export function createRolesService({ db }: { db: Db }) {
  const where = (f: z.output<typeof roleFilter>): SQL | undefined =>
    and(
      f.roleKey ? ilike(roles.roleKey, like(f.roleKey)) : undefined,
      f.name ? ilike(roles.name, like(f.name)) : undefined,
      f.status ? eq(roles.status, f.status) : undefined,
      f.types !== undefined ? eq(roles.types, f.types) : undefined,
    );

  async function editable(id: number) {
    const [role] = await db.select().from(roles).where(eq(roles.id, id));
    if (!role) throw notFound(text('role does not exist', '角色不存在'));
    if (role.roleKey === SUPER_ROLE)
      throw forbidden(text('the administrator role cannot be changed', '管理员角色不能修改'));
    return role;
  }

  async function checkKey(key: string, exceptId?: number) {
    if (key === SUPER_ROLE) throw forbidden(text('the administrator role cannot be created', '不能创建管理员角色'));
    const [clash] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, key));
    if (clash && clash.id !== exceptId) throw conflict(text('a role with this key already exists', '角色标识已存在'));
  }

  return {
    async list(f: z.output<typeof roleFilter>, page: { offset: number; limit: number }) {
      const cond = where(f);
      const [total] = await db.select({ n: count() }).from(roles).where(cond);
      const rows = await db
        .select()
        .from(roles)
        .where(cond)
        .orderBy(asc(roles.orderNum), asc(roles.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: total?.n ?? 0 };
    },

    async get(id: number) {
      const [role] = await db.select().from(roles).where(eq(roles.id, id));
      if (!role) throw notFound(text('role does not exist', '角色不存在'));
      const menuIds = (await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id))).map(
        (m) => m.id,
      );
      return { ...role, menuIds };
    },

    /** Roles the actor may hand out (used by the user forms). */
    async options(types?: number) {
      return db
        .select({
          roleId: roles.id,
          roleKey: roles.roleKey,
          name: roles.name,
          types: roles.types,
          status: roles.status,
        })
        .from(roles)
        .where(types === undefined ? undefined : eq(roles.types, types))
        .orderBy(asc(roles.orderNum));
    },

    async create(actor: SignedInUser, input: RoleInput) {
      await checkKey(input.roleKey);
      await assertCanGrantMenus(db, actor, input.menuIds);
      return db.transaction(async (tx) => {
        const { menuIds, ...fields } = input;
        const [row] = await tx.insert(roles).values(fields).returning({ id: roles.id });
        if (menuIds.length > 0)
          await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: row!.id, menuId })));
        return row!.id;
      });
    },

    async update(actor: SignedInUser, id: number, input: RoleInput) {
      await editable(id);
      await checkKey(input.roleKey, id);
      const current = (await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id))).map(
        (m) => m.id,
      );
      // Adding or taking away a grant both need the actor to hold it.
      const changed = [
        ...input.menuIds.filter((m) => !current.includes(m)),
        ...current.filter((m) => !input.menuIds.includes(m)),
      ];
      await assertCanGrantMenus(db, actor, changed);
      await db.transaction(async (tx) => {
        const { menuIds, ...fields } = input;
        await tx.update(roles).set(fields).where(eq(roles.id, id));
        await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
        if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
      });
    },

    async setStatus(id: number, status: string) {
      await editable(id);
      await db.update(roles).set({ status }).where(eq(roles.id, id));
    },

    async remove(ids: number[]) {
      for (const id of ids) await editable(id);
      const [used] = await db.select({ n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids));
      if ((used?.n ?? 0) > 0)
        throw badRequest(
          text(
            'a role that is still granted to users cannot be removed: take it away from them first',
            '角色已分配给用户，不能删除，请先取消分配',
          ),
        );
      await db.delete(roles).where(inArray(roles.id, ids));
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
