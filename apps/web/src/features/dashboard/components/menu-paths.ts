import type { MenuRoute } from '@lvb/contracts/identity';
import type { ViewKey } from '@lvb/contracts/views';
import { useMemo } from 'react';
import { useStore } from '@/shared/lib/create-store';
import { sessionStore } from '@/shared/lib/session';

/** The path of the first menu page showing `view`, its parents' paths joined as the menu routes join them. */
function pathOf(entries: readonly MenuRoute[], parent: string, view: string): string | undefined {
  for (const entry of entries) {
    const path = entry.path.startsWith('/') ? entry.path : `${parent.replace(/\/+$/, '')}/${entry.path}`;
    if (entry.component === view) return path;
    const inner = entry.children ? pathOf(entry.children, path, view) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Where the signed-in person's menu puts each of these views (e.g. `web/order` at `/orders/order`);
 * a view missing from their menu has no path, and the home shows no link to it.
 */
export function useViewPaths<K extends ViewKey>(views: readonly K[]): Partial<Record<K, string>> {
  const menus = useStore(sessionStore, (state) => state.menus);
  const key = views.join(',');
  return useMemo(
    () => Object.fromEntries(views.map((view) => [view, pathOf(menus, '/', view)])) as Partial<Record<K, string>>,
    // The views are the caller's constants: their text is the dependency.
    [menus, key],
  );
}
