import { ALL_PERMISSIONS, SUPER_ROLE } from '@lvb/contracts/access';
import { inArray, isNotNull, and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { hasPermission } from '../../plugins/access.ts';
import { menus } from '../menus/menus.table.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { roleMenus, roles } from './roles.table.ts';

/**
 * No one grants what they do not hold (DESIGN §5): every permission string of the granted menus
 * must be the actor's own. `admin` and `*:*:*` are never granted through the API at all.
 */
export async function assertCanGrantMenus(db: Db, actor: SignedInUser, menuIds: number[]) {
  if (menuIds.length === 0) return;
  const rows = await db.select({ perms: menus.perms }).from(menus).where(inArray(menus.id, menuIds));
  for (const { perms } of rows) {
    if (!perms) continue;
    if (perms === ALL_PERMISSIONS) throw forbidden('the permission *:*:* cannot be granted');
    if (!hasPermission(actor, perms))
      throw forbidden(`you cannot grant the permission ${perms}, which you do not hold`);
  }
}

export async function assertCanGrantRoles(db: Db, actor: SignedInUser, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const found = await db.select({ id: roles.id, key: roles.roleKey }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size) throw forbidden('a role to grant does not exist');
  if (found.some((r) => r.key === SUPER_ROLE)) throw forbidden('the administrator role cannot be granted');
  const granted = await db
    .selectDistinct({ perms: menus.perms })
    .from(roleMenus)
    .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), isNotNull(menus.perms)))
    .where(inArray(roleMenus.roleId, roleIds));
  for (const { perms } of granted) {
    if (perms && !hasPermission(actor, perms)) {
      throw forbidden(`you cannot grant a role with the permission ${perms}, which you do not hold`);
    }
  }
}
