import { ALL_PERMISSIONS, SUPER_ROLE } from '@lvb/contracts/access';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../companies/companies.table.ts';
import { departments } from '../departments/departments.table.ts';
import { menus } from '../menus/menus.table.ts';
import { roleMenus, roles } from '../roles/roles.table.ts';
import { userRoles, users } from './accounts.table.ts';

export type UserRow = typeof users.$inferSelect;

/** The company fields that make a record complete (spec §3). */
export function companyFix(c: {
  induRegiNo: string | null;
  contactTel: string | null;
  bankName: string | null;
  accountNo: string | null;
}) {
  return c.induRegiNo && c.contactTel && c.bankName && c.accountNo ? 1 : 0;
}

export const accountsRepository = {
  findById: async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0],

  findEmployeeByLoginUid: async (db: Db, loginUid: string) =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.types, 0), eq(users.loginUid, loginUid), isNull(users.deletedAt)))
    )[0],

  findByTel: async (db: Db, types: number, tel: string) =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.types, types), eq(users.tel, tel), isNull(users.deletedAt)))
    )[0],

  /** Keys and data scopes of the user's enabled roles. */
  roles: async (db: Db, userId: number) =>
    db
      .select({ key: roles.roleKey, dataScope: roles.dataScope })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, '0')))
      .where(eq(userRoles.userId, userId))
      .orderBy(roles.orderNum),

  roleKeys: async (db: Db, userId: number) =>
    (
      await db
        .select({ key: roles.roleKey })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, '0')))
        .where(eq(userRoles.userId, userId))
        .orderBy(roles.orderNum)
    ).map((r) => r.key),

  /** Union of the permission strings of the user's enabled roles' menus. */
  permissions: async (db: Db, userId: number, roleKeys: string[]) => {
    if (roleKeys.includes(SUPER_ROLE)) return [ALL_PERMISSIONS];
    const rows = await db
      .selectDistinct({ perms: menus.perms })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, '0')))
      .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
      .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.status, '0'), isNotNull(menus.perms)))
      .where(and(eq(userRoles.userId, userId), sql`${menus.perms} <> ''`));
    return rows.map((r) => r.perms!).sort();
  },

  profile: async (db: Db, userId: number) =>
    (
      await db
        .select({
          user: users,
          deptName: departments.name,
          company: {
            id: companies.id,
            name: companies.name,
            induRegiNo: companies.induRegiNo,
            contactTel: companies.contactTel,
            bankName: companies.bankName,
            accountNo: companies.accountNo,
            status: companies.status,
          },
        })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.deptId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId))
    )[0],

  updatePassword: (db: Db, userId: number, passwordHash: string) =>
    db
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, userId)),
};
