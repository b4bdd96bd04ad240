import { useMemo } from 'react';
import { matchPath, useLocation, useMatches } from 'react-router';
import { useStore } from '@/shared/lib/create-store';
import type { LocalTitle } from '@/shared/lib/local-title';
import { sessionStore } from '@/shared/lib/session';
import { buildMenuModel, type MenuModel, type MenuPageRoute } from './menu-model';

/** Metadata a static route declares in its `handle` (spec §2: title, fixed tab). */
export interface RouteHandle {
  /** i18n key of the page title. */
  title?: string;
  /**
   * The page renders without antd (app/root-shell.tsx): nothing it renders imports antd, so antd is
   * not downloaded for it. Without it the page renders inside antd's configuration.
   */
  plain?: boolean;
  affix?: boolean;
  /** i18n keys of the breadcrumb entries above the page. */
  trail?: string[];
}

export interface PageMeta {
  path: string;
  title: LocalTitle;
  trail: LocalTitle[];
  affix: boolean;
  noCache: boolean;
  /** Sidebar key to highlight (a hidden page may light up its parent's entry). */
  activeMenu: string;
}

export function useMenuModel(): MenuModel {
  const menus = useStore(sessionStore, (state) => state.menus);
  return useMemo(() => buildMenuModel(menus), [menus]);
}

export function findMenuRoute(model: MenuModel, pathname: string): MenuPageRoute | undefined {
  return model.routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** Title, breadcrumb and tab behaviour of the page being shown, from a static handle or the menu. */
export function usePageMeta(): PageMeta | null {
  const matches = useMatches();
  const location = useLocation();
  const model = useMenuModel();
  return useMemo(() => {
    const handle = matches.at(-1)?.handle as RouteHandle | undefined;
    if (handle?.title) {
      return {
        path: location.pathname,
        title: { key: handle.title },
        trail: (handle.trail ?? []).map((key) => ({ key })),
        affix: !!handle.affix,
        noCache: false,
        activeMenu: location.pathname,
      };
    }
    const route = findMenuRoute(model, location.pathname);
    if (!route) return null;
    return {
      path: location.pathname,
      title: route.title,
      trail: route.trail,
      affix: route.affix,
      noCache: route.noCache,
      activeMenu: route.activeMenu ?? location.pathname,
    };
  }, [matches, location.pathname, model]);
}
