import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { titleText } from '@/shared/lib/local-title';
import { documentTitle, useOwnPageTitle } from '@/shared/lib/page-title';
import { AntdScopeBoundary, isAntdScopeLoaded } from './antd-scope-loader';
import { usePageMeta, type RouteHandle } from './routes/page-meta';

NProgress.configure({ showSpinner: false });

/** Progress bar while a navigation loads (spec §2: no spinner). */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);
  return null;
}

/**
 * Page title from the route metadata, or the page's own (shared/lib/page-title.ts); with dynamic
 * title on, it leads with the page (spec §9).
 */
function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const meta = usePageMeta();
  const own = useOwnPageTitle();
  const { dynamicTitle } = useLayoutSettings();
  useEffect(() => {
    const page = own ?? (meta ? titleText(meta.title, t, i18n.language) : '');
    document.title = documentTitle(page, t, dynamicTitle);
  }, [meta, own, dynamicTitle, t, i18n.language]);
  return null;
}

/**
 * A page whose route (the deepest match) is marked `plain` renders without antd; any other page
 * inside antd's configuration, fetched with its page chunk (app/antd-scope-loader.tsx). Once antd is
 * there, plain pages stay inside it too, decided per navigation: moving between plain and antd pages
 * then does not remount the layout they share (it remounts once, on the first move to an antd page).
 */
function PageScope({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const { key } = useLocation();
  const plain = (matches.at(-1)?.handle as RouteHandle | undefined)?.plain === true;
  // Read once per navigation: a message that brings antd to a plain page does not remount it.
  const antdThere = useMemo(isAntdScopeLoaded, [key]);
  if (plain && !antdThere) return children;
  return <AntdScopeBoundary loading={<PageLoading fullScreen />}>{children}</AntdScopeBoundary>;
}

export function RootShell() {
  return (
    <>
      <NavigationProgress />
      <DocumentTitle />
      <PageScope>
        <Outlet />
      </PageScope>
    </>
  );
}
