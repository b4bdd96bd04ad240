import {
  hasAnyPermission,
  hasPermission as holdsPermission,
  SUPER_ROLE,
  type PermissionHolder,
} from '@lvb/contracts/access';
import { sessionStore, useSession } from './session';

/**
 * Permission and role checks (spec §5, §6). The permission rule is the contracts' one, so the web
 * shows what the server allows: role `admin` and permission `*:*:*` pass every check. An empty
 * list is a programming error, so it throws instead of silently granting or refusing.
 */
export type Match = 'any' | 'all';

function assertList(values: readonly string[], what: string): void {
  if (values.length === 0) throw new Error(`${what} check needs at least one value, e.g. ['system:user:add']`);
}

function holderCheck(holder: PermissionHolder, required: readonly string[], match: Match): boolean {
  assertList(required, 'Permission');
  return match === 'all' ? required.every((p) => holdsPermission(holder, p)) : hasAnyPermission(holder, required);
}

/** Checks the signed-in session, or the permissions `held` when given (a user not in the session). */
export function hasPermission(required: readonly string[], match: Match = 'any', held?: readonly string[]): boolean {
  const holder = held ? { roles: [], permissions: held } : sessionStore.get();
  return holderCheck(holder, required, match);
}

export function hasRole(required: readonly string[], match: Match = 'any', held = sessionStore.get().roles): boolean {
  assertList(required, 'Role');
  if (held.includes(SUPER_ROLE)) return true;
  return match === 'all' ? required.every((r) => held.includes(r)) : required.some((r) => held.includes(r));
}

/** Re-renders when the session changes, so gated elements appear and vanish with it. */
export function usePermission() {
  const session = useSession();
  return {
    hasPermission: (required: readonly string[], match: Match = 'any') => holderCheck(session, required, match),
    hasRole: (required: readonly string[], match: Match = 'any') => hasRole(required, match, session.roles),
  };
}
