import type { ReactNode } from 'react';
import { usePermission, type Match } from '@/shared/lib/permission';

interface AuthorizedProps {
  /** Permission strings, e.g. ['system:user:add']; `*:*:*` holders pass. */
  permissions?: readonly string[];
  /** Role keys; the `admin` role passes. */
  roles?: readonly string[];
  /** any-of (default) or all-of. */
  match?: Match;
  children: ReactNode;
  fallback?: ReactNode;
}

/**
 * Renders its children only for users holding the permissions or roles (spec §6: guarded elements
 * are removed). The server checks again on every call; this only keeps the screen honest.
 */
export function Authorized({ permissions, roles, match = 'any', children, fallback = null }: AuthorizedProps) {
  const { hasPermission, hasRole } = usePermission();
  if (!permissions && !roles) throw new Error('Authorized needs permissions or roles');
  const allowed = (!permissions || hasPermission(permissions, match)) && (!roles || hasRole(roles, match));
  return <>{allowed ? children : fallback}</>;
}
