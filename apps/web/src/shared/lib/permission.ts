import { ALL_PERMISSIONS, SUPER_ROLE } from '@lvb/contracts/access';
import { sessionStore, useSession } from './session';

/**
 * Permission and role checks (spec §5, §6). Role `admin` and permission `*:*:*` pass every check.
 * An empty list is a programming error, so it throws instead of silently granting or refusing.
 */
export type Match = 'any' | 'all';

function assertList(values: readonly string[], what: string): void {
  if (values.length === 0) throw new Error(`${what} check needs at least one value, e.g. ['system:user:add']`);
}

export function hasPermission(
  required: readonly string[],
  match: Match = 'any',
  held = sessionStore.get().permissions,
): boolean {
  assertList(required, 'Permission');
  if (held.includes(ALL_PERMISSIONS)) return true;
  return match === 'all' ? required.every((p) => held.includes(p)) : required.some((p) => held.includes(p));
}

export function hasRole(required: readonly string[], match: Match = 'any', held = sessionStore.get().roles): boolean {
  assertList(required, 'Role');
  if (held.includes(SUPER_ROLE)) return true;
  return match === 'all' ? required.every((r) => held.includes(r)) : required.some((r) => held.includes(r));
}

/** Re-renders when the session changes, so gated elements appear and vanish with it. */
export function usePermission() {
  const { permissions, roles } = useSession();
  return {
    hasPermission: (required: readonly string[], match: Match = 'any') => hasPermission(required, match, permissions),
    hasRole: (required: readonly string[], match: Match = 'any') => hasRole(required, match, roles),
  };
}
