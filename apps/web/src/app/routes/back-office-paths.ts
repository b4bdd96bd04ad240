import { paths } from '@/shared/config/paths';
import { viewRegistry } from './view-registry';

/**
 * The back-office paths this app knows without the user's menu: the static routes of the admin
 * layout and `/<view key>` of every page in the view registry (the menu catalogue's paths, e.g.
 * `/system/user`). A visitor without a token who opens one of them is sent to sign in; any other
 * path is unknown and shows the 404 page (spec §2).
 */
const STATIC_PATHS = new Set<string>([paths.adminIndex, paths.profile, paths.guaranteeOrders, paths.myGuarantees]);
const PREFIXES = [`${paths.redirect}/`, '/company/', '/live/'];

export function isBackOfficePath(path: string): boolean {
  if (STATIC_PATHS.has(path) || PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  return Object.hasOwn(viewRegistry, path.slice(1));
}
