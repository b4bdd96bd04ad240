import { randomBytes } from 'node:crypto';
import { AccountType, DataScope, RoleKey } from '@lvb/contracts/access';
import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { hashPassword } from '../lib/secrets.ts';
import { userRoles, users } from '../modules/accounts/accounts.table.ts';
import { departments } from '../modules/departments/departments.table.ts';
import { dictData, dictTypes } from '../modules/dictionaries/dictionaries.table.ts';
import { menus } from '../modules/menus/menus.table.ts';
import { roleMenus, roles } from '../modules/roles/roles.table.ts';
import { configParams } from '../modules/settings/settings.table.ts';
import { MENU_CATALOGUE } from './menu-catalogue.ts';
import { seedProjectReference } from './project-reference.ts';
import { DICTIONARIES, PARAMETERS } from './reference-data.ts';

const ROLES: { key: string; name: string; types: 0 | 1; scope: string }[] = [
  { key: RoleKey.administrator, name: 'Administrator', types: 0, scope: DataScope.all },
  { key: RoleKey.owner, name: 'Owner', types: 0, scope: DataScope.organisation },
  { key: RoleKey.auditor, name: 'Auditor', types: 0, scope: DataScope.all },
  { key: RoleKey.supervisor, name: 'Supervisor', types: 0, scope: DataScope.all },
  { key: RoleKey.guarantor, name: 'Guarantee staff', types: 0, scope: DataScope.all },
  { key: RoleKey.finance, name: 'Finance', types: 0, scope: DataScope.all },
  { key: RoleKey.supplier, name: 'Supplier', types: 1, scope: DataScope.self },
];

/** The department tree: the platform's own departments and the owners' branch. */
export const DEPARTMENTS = ['Operations', 'Audit', 'Supervision', 'Guarantee', 'Finance'] as const;

export interface SeedResult {
  /** Set when the admin password was generated here: printed once, never stored in clear. */
  generatedAdminPassword?: string;
}

/**
 * Fills an empty database with what every installation needs. It does nothing when the admin
 * account exists, so it is safe on every start and from several instances (one transaction,
 * serialised by an advisory lock).
 */
export async function seedBase(db: Db, adminPassword?: string): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [existing] = await tx.select({ n: count() }).from(users).where(eq(users.loginUid, 'admin'));
    if ((existing?.n ?? 0) > 0) return {};

    const roleIds = new Map<string, number>();
    for (const [i, r] of ROLES.entries()) {
      const [row] = await tx
        .insert(roles)
        .values({ roleKey: r.key, name: r.name, types: r.types, orderNum: i + 1, dataScope: r.scope })
        .returning({ id: roles.id });
      roleIds.set(r.key, row!.id);
    }
    await seedMenus(tx, roleIds);
    await seedReferenceData(tx);
    await seedProjectReference(tx);

    const [root] = await tx
      .insert(departments)
      .values({ name: 'Platform', ancestors: '0', kind: 'organisation' })
      .returning({ id: departments.id });
    for (const [i, name] of [...DEPARTMENTS, 'Owners'].entries()) {
      await tx.insert(departments).values({ name, parentId: root!.id, ancestors: `0,${root!.id}`, orderNum: i + 1 });
    }

    const generated = adminPassword ? undefined : randomBytes(12).toString('base64url');
    const [admin] = await tx
      .insert(users)
      .values({
        types: AccountType.employee,
        loginUid: 'admin',
        name: 'Administrator',
        passwordHash: await hashPassword(adminPassword ?? generated!),
        deptId: root!.id,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: roleIds.get(RoleKey.administrator)! });
    return { generatedAdminPassword: generated };
  });
}

async function seedMenus(tx: Tx, roleIds: Map<string, number>) {
  const grants: { roleId: number; menuId: number }[] = [];
  const grant = (menuId: number, roleKeys: readonly string[]) => {
    for (const key of roleKeys) grants.push({ roleId: roleIds.get(key)!, menuId });
  };
  for (const [di, dir] of MENU_CATALOGUE.entries()) {
    const [d] = await tx
      .insert(menus)
      .values({
        name: dir.name,
        nameZh: dir.nameZh,
        menuType: 'M',
        path: dir.path,
        icon: dir.icon,
        orderNum: di + 1,
        types: dir.types,
      })
      .returning({ id: menus.id });
    // A directory goes to every role that holds one of its pages.
    grant(d!.id, [...new Set(dir.pages.flatMap((p) => p.roles))]);
    for (const [pi, page] of dir.pages.entries()) {
      const [p] = await tx
        .insert(menus)
        .values({
          parentId: d!.id,
          name: page.name,
          nameZh: page.nameZh,
          menuType: 'C',
          path: page.path,
          component: page.view,
          perms: `${page.perm}:list`,
          icon: page.icon,
          orderNum: pi + 1,
          types: dir.types,
        })
        .returning({ id: menus.id });
      grant(p!.id, page.roles);
      for (const [bi, button] of (page.buttons ?? []).entries()) {
        const [b] = await tx
          .insert(menus)
          .values({
            parentId: p!.id,
            name: button.name,
            nameZh: button.nameZh,
            menuType: 'F',
            perms: button.perms,
            orderNum: bi + 1,
            types: dir.types,
          })
          .returning({ id: menus.id });
        grant(b!.id, button.roles ?? page.roles);
      }
    }
  }
  if (grants.length > 0) await tx.insert(roleMenus).values(grants);
}

async function seedReferenceData(tx: Tx) {
  for (const dict of DICTIONARIES) {
    await tx.insert(dictTypes).values({ dictType: dict.type, name: dict.name, nameZh: dict.nameZh });
    await tx.insert(dictData).values(
      dict.entries.map(([value, label, labelZh, listClass], i) => ({
        dictType: dict.type,
        value,
        label,
        labelZh,
        listClass,
        sort: i + 1,
      })),
    );
  }
  await tx
    .insert(configParams)
    .values(
      PARAMETERS.map(([configKey, name, value, valueType, scope]) => ({ configKey, name, value, valueType, scope })),
    );
}
