import { INNER_LINK_COMPONENT, LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT } from '@lvb/contracts/views';
import type { MenuRoute } from '@lvb/contracts/identity';
import type { LocalTitle } from '@/shared/lib/local-title';
import { pageLoaderFor, type PageLoader } from './view-registry';

/** A page route built from a server menu entry whose view key has a page in the registry. */
export interface MenuPageRoute {
  path: string;
  viewKey: string;
  load: PageLoader;
  title: LocalTitle;
  /** Titles of the directories above the page, outermost first (breadcrumb). */
  trail: LocalTitle[];
  noCache: boolean;
  affix: boolean;
  activeMenu?: string;
}

/** A sidebar / top-nav entry: a page, an external link or a directory of entries. */
export interface NavItem {
  key: string;
  title: LocalTitle;
  icon?: string;
  /** Set on external links (meta.link or an http path): opened in a new tab. */
  href?: string;
  children?: NavItem[];
}

export interface MenuModel {
  routes: MenuPageRoute[];
  nav: NavItem[];
}

type ServerMeta = MenuRoute['meta'] & { titleZh?: string };

function titleOf(meta: ServerMeta | undefined): LocalTitle {
  return { en: meta?.title ?? '', zh: meta?.titleZh };
}

function joinPath(parent: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${path}`.replace(/\/{2,}/g, '/');
}

function isContainer(component: string): boolean {
  return component === LAYOUT_COMPONENT || component === PARENT_VIEW_COMPONENT || component === '';
}

/**
 * Builds the routes and the navigation from the menu tree (spec §2 "menu-driven routes"):
 * `Layout` and `ParentView` entries are directories, any other component is a view key. Views
 * without a page yet, inner links and hidden entries are not shown; a directory left empty
 * disappears with them.
 */
export function buildMenuModel(menus: readonly MenuRoute[]): MenuModel {
  const routes: MenuPageRoute[] = [];

  const walk = (entries: readonly MenuRoute[], parentPath: string, trail: LocalTitle[]): NavItem[] => {
    const items: NavItem[] = [];
    for (const entry of entries) {
      const meta = entry.meta as ServerMeta | undefined;
      const fullPath = joinPath(parentPath, entry.path);
      const title = titleOf(meta);
      const link = meta?.link || (/^https?:\/\//.test(entry.path) ? entry.path : null);

      if (link) {
        if (!entry.hidden) items.push({ key: link, title, icon: meta?.icon, href: link });
        continue;
      }
      if (isContainer(entry.component) || (entry.children && entry.children.length > 0)) {
        const children = walk(entry.children ?? [], fullPath, [...trail, title]);
        if (!entry.hidden && children.length > 0) items.push({ key: fullPath, title, icon: meta?.icon, children });
        continue;
      }
      if (entry.component === INNER_LINK_COMPONENT) continue;
      const load = pageLoaderFor(entry.component);
      if (!load) continue;
      routes.push({
        path: fullPath,
        viewKey: entry.component,
        load,
        title,
        trail,
        noCache: !!meta?.noCache,
        affix: !!meta?.affix,
        activeMenu: meta?.activeMenu,
      });
      if (!entry.hidden) items.push({ key: fullPath, title, icon: meta?.icon });
    }
    return items;
  };

  const nav = walk(menus, '/', []);
  return { routes, nav };
}

/** Every view key named by the menu that has no page in the registry (reported by a test). */
export function viewKeysWithoutPage(keys: readonly string[]): string[] {
  return keys.filter((key) => !pageLoaderFor(key));
}
