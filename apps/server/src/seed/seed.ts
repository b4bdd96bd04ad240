import { randomBytes } from 'node:crypto';
import { AccountType, DataScope, RoleKey } from '@lvb/contracts/access';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { hashPassword } from '../lib/secrets.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';
import { departmentsRepository } from '../modules/departments/departments.repository.ts';
import { dictionariesRepository } from '../modules/dictionaries/dictionaries.repository.ts';
import { menusRepository } from '../modules/menus/menus.repository.ts';
import { rolesRepository } from '../modules/roles/roles.repository.ts';
import { settingsRepository } from '../modules/settings/settings.repository.ts';
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
  { key: RoleKey.expert, name: 'Evaluation expert', types: 0, scope: DataScope.self },
  { key: RoleKey.supplier, name: 'Supplier', types: 1, scope: DataScope.self },
];

/** The department tree: the platform's own departments and the owners' branch. */
export const DEPARTMENTS = ['Operations', 'Audit', 'Supervision', 'Guarantee', 'Finance', 'Experts'] as const;

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
    if (await accountsRepository.loginUidTaken(tx, 'admin')) return {};

    // The menus first: each role is created with the entries it is granted.
    const grants = await seedMenus(tx);
    const roleIds = new Map<string, number>();
    for (const [i, r] of ROLES.entries()) {
      const fields = { roleKey: r.key, name: r.name, types: r.types, orderNum: i + 1, dataScope: r.scope };
      roleIds.set(r.key, await rolesRepository.create(tx, fields, grants.get(r.key) ?? []));
    }
    await seedReferenceData(tx);
    await seedProjectReference(tx);

    const rootId = await departmentsRepository.insert(tx, { name: 'Platform', ancestors: '0', kind: 'organisation' });
    for (const [i, name] of [...DEPARTMENTS, 'Owners'].entries()) {
      await departmentsRepository.insert(tx, { name, parentId: rootId, ancestors: `0,${rootId}`, orderNum: i + 1 });
    }

    const generated = adminPassword ? undefined : randomBytes(12).toString('base64url');
    await accountsRepository.insert(
      tx,
      {
        types: AccountType.employee,
        loginUid: 'admin',
        name: 'Administrator',
        passwordHash: await hashPassword(adminPassword ?? generated!),
        deptId: rootId,
      },
      [roleIds.get(RoleKey.administrator)!],
    );
    return { generatedAdminPassword: generated };
  });
}

/** Writes the menu catalogue and answers the ids of the entries each role key is granted. */
async function seedMenus(tx: Tx): Promise<Map<string, number[]>> {
  const grants = new Map<string, number[]>();
  const grant = (menuId: number, roleKeys: readonly string[]) => {
    for (const key of roleKeys) grants.set(key, [...(grants.get(key) ?? []), menuId]);
  };
  for (const [di, dir] of MENU_CATALOGUE.entries()) {
    const dirId = await menusRepository.insert(tx, {
      name: dir.name,
      nameZh: dir.nameZh,
      menuType: 'M',
      path: dir.path,
      icon: dir.icon,
      orderNum: di + 1,
      types: dir.types,
    });
    // A directory goes to every role that holds one of its pages.
    grant(dirId, [...new Set(dir.pages.flatMap((p) => p.roles))]);
    for (const [pi, page] of dir.pages.entries()) {
      const pageId = await menusRepository.insert(tx, {
        parentId: dirId,
        name: page.name,
        nameZh: page.nameZh,
        menuType: 'C',
        path: page.path,
        component: page.view,
        perms: `${page.perm}:list`,
        icon: page.icon,
        orderNum: pi + 1,
        types: dir.types,
      });
      grant(pageId, page.roles);
      for (const [bi, button] of (page.buttons ?? []).entries()) {
        const buttonId = await menusRepository.insert(tx, {
          parentId: pageId,
          name: button.name,
          nameZh: button.nameZh,
          menuType: 'F',
          perms: button.perms,
          orderNum: bi + 1,
          types: dir.types,
        });
        grant(buttonId, button.roles ?? page.roles);
      }
    }
  }
  return grants;
}

async function seedReferenceData(tx: Tx) {
  for (const dict of DICTIONARIES) {
    await dictionariesRepository.insertType(tx, { dictType: dict.type, name: dict.name, nameZh: dict.nameZh });
    for (const [i, [value, label, labelZh, listClass]] of dict.entries.entries()) {
      await dictionariesRepository.insertEntry(tx, {
        dictType: dict.type,
        value,
        label,
        labelZh,
        listClass,
        sort: i + 1,
      });
    }
  }
  for (const [configKey, name, value, valueType, scope] of PARAMETERS) {
    await settingsRepository.insert(tx, { configKey, name, value, valueType, scope });
  }
}
