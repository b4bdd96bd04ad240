import { ALL_PERMISSIONS, SUPER_ROLE, hasPermission } from '@lvb/contracts/access';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { forbidden } from '../../lib/errors.ts';
import { menusRepository } from '../menus/menus.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { rolesRepository } from './roles.repository.ts';

/**
 * No one grants what they do not hold (DESIGN §5): every permission string of the granted menus
 * must be the actor's own. `admin` and `*:*:*` are never granted through the API at all.
 */
export async function assertCanGrantMenus(db: Db, actor: SignedInUser, menuIds: number[]) {
  for (const { perms } of await menusRepository.permsOf(db, menuIds)) {
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
  const found = await rolesRepository.summaries(db, roleIds);
  if (found.length !== new Set(roleIds).size)
    throw forbidden(text('a role to grant does not exist', '要授予的角色不存在'));
  if (found.some((r) => r.roleKey === SUPER_ROLE))
    throw forbidden(text('the administrator role cannot be granted', '不能授予管理员角色'));
  const menuIds = await rolesRepository.menuIdsOfRoles(db, roleIds);
  for (const { perms } of await menusRepository.permsOf(db, menuIds)) {
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
