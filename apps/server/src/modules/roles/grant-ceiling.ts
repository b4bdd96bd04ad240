import { ALL_PERMISSIONS, DataScope, SUPER_ROLE, hasPermission } from '@lvb/contracts/access';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { menusRepository } from '../menus/menus.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { rolesRepository } from './roles.repository.ts';

/** How far a data scope reaches: a wider one sees everything a narrower one does. */
const SCOPE_REACH: Record<string, number> = {
  [DataScope.self]: 1,
  [DataScope.deptAndBelow]: 2,
  [DataScope.organisation]: 3,
  [DataScope.all]: 4,
};
const SCOPE_NAME: Record<string, { en: string; zh: string }> = {
  [DataScope.self]: { en: 'own records only', zh: '仅本人数据' },
  [DataScope.deptAndBelow]: { en: 'own department and below', zh: '本部门及以下数据' },
  [DataScope.organisation]: { en: 'own organisation', zh: '本单位数据' },
  [DataScope.all]: { en: 'all', zh: '全部数据' },
};

/** The widest data scope the actor's roles give it (the administrator role sees all). */
const reachOf = (actor: SignedInUser) =>
  actor.roles.includes(SUPER_ROLE)
    ? SCOPE_REACH[DataScope.all]!
    : Math.max(0, ...actor.dataScopes.map((s) => SCOPE_REACH[s] ?? 0));

/** No one gives a role a data scope wider than its own widest. */
export function assertCanGrantScope(actor: SignedInUser, scope: string) {
  if ((SCOPE_REACH[scope] ?? Infinity) <= reachOf(actor)) return;
  const name = SCOPE_NAME[scope] ?? { en: scope, zh: scope };
  throw forbidden(
    text(
      `you cannot grant the data scope "${name.en}", which is wider than your own`,
      `您的数据权限小于"${name.zh}"，不能授予`,
    ),
  );
}

/** A permission string the actor may put on a menu entry or grant: its own, never `*:*:*`. */
export function assertCanGrantPermission(actor: SignedInUser, perms: string | null | undefined) {
  if (!perms) return;
  if (perms === ALL_PERMISSIONS) throw forbidden(text('the permission *:*:* cannot be granted', '不能授予权限 *:*:*'));
  if (!hasPermission(actor, perms))
    throw forbidden(
      text(`you cannot grant the permission ${perms}, which you do not hold`, `您不具备权限 ${perms}，不能授予`),
    );
}

/**
 * No one grants what they do not hold (DESIGN §5): every permission string of the granted menus
 * must be the actor's own. `admin` and `*:*:*` are never granted through the API at all.
 */
export async function assertCanGrantMenus(db: Db, actor: SignedInUser, menuIds: number[]) {
  for (const { perms } of await menusRepository.permsOf(db, menuIds)) assertCanGrantPermission(actor, perms);
}

export async function assertCanGrantRoles(db: Db, actor: SignedInUser, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const found = await rolesRepository.summaries(db, roleIds);
  if (found.length !== new Set(roleIds).size)
    throw forbidden(text('a role to grant does not exist', '要授予的角色不存在'));
  if (found.some((r) => r.roleKey === SUPER_ROLE))
    throw forbidden(text('the administrator role cannot be granted', '不能授予管理员角色'));
  for (const role of found) assertCanGrantScope(actor, role.dataScope);
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

/**
 * Taking over an account (resetting its password) gives the actor everything the account holds:
 * allowed only when the actor could grant every role the account has.
 */
export async function assertCanTakeOver(db: Db, actor: SignedInUser, roleIds: number[]) {
  try {
    await assertCanGrantRoles(db, actor, roleIds);
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 403)
      throw forbidden(text(`you cannot take over this account: ${err.text.en}`, `您不能接管该账号：${err.text.zh}`));
    throw err;
  }
}
