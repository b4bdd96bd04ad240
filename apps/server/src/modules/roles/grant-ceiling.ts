import { ALL_PERMISSIONS, SUPER_ROLE } from '@lvb/contracts/access';
import { inArray, isNotNull, and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
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
    if (perms === ALL_PERMISSIONS)
      throw forbidden(text('the permission *:*:* cannot be granted', '不能授予权限 *:*:*'));
    if (!hasPermission(actor, perms))
      throw forbidden(
        text(`you cannot grant the permission ${perms}, which you do not hold`, `您不具备权限 ${perms}，不能授予`),
      );
  }
}

export async function assertCanGrantRoles(db: Db, actor: SignedInUser, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const found = await db.select({ id: roles.id, key: roles.roleKey }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size)
    throw forbidden(text('a role to grant does not exist', '要授予的角色不存在'));
  if (found.some((r) => r.key === SUPER_ROLE))
    throw forbidden(text('the administrator role cannot be granted', '不能授予管理员角色'));
  const granted = await db
    .selectDistinct({ perms: menus.perms })
    .from(roleMenus)
    .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), isNotNull(menus.perms)))
    .where(inArray(roleMenus.roleId, roleIds));
  for (const { perms } of granted) {
    if (perms && !hasPermission(actor, perms)) {
      throw forbidden(
        text(
          `you cannot grant a role with the permission ${perms}, which you do not hold`,
          `您不具备权限 ${perms}，不能授予包含该权限的角色`,
        ),
      );
    }
  }
}
