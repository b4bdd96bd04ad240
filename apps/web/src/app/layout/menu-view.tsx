import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { NotFoundPage } from '@/shared/components/errors/not-found-page';
import { findMenuRoute, useMenuModel } from '../routes/page-meta';
import type { MenuPageRoute } from '../routes/menu-model';

/** One lazy component per view key, created once so a page keeps its state across renders. */
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function pageFor(route: MenuPageRoute): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route.viewKey);
  if (!page) {
    page = lazy(route.load);
    lazyPages.set(route.viewKey, page);
  }
  return page;
}

/** Renders the menu-driven page at the current path; the admin layout shows 404 when there is none. */
export function MenuView() {
  const location = useLocation();
  const route = findMenuRoute(useMenuModel(), location.pathname);
  if (!route) return <NotFoundPage />;
  const Page = pageFor(route);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
