import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { titleText } from '@/shared/lib/local-title';
import { usePageMeta } from './routes/page-meta';

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

/** Page title from the route metadata; with dynamic title on, it leads with the page (spec §9). */
function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const meta = usePageMeta();
  const { dynamicTitle } = useLayoutSettings();
  useEffect(() => {
    const system = t('app.systemName');
    const page = meta ? titleText(meta.title, t, i18n.language) : '';
    document.title = dynamicTitle && page ? `${page} - ${system}` : page ? `${page} | ${t('app.shortName')}` : system;
  }, [meta, dynamicTitle, t, i18n.language]);
  return null;
}

export function RootShell() {
  return (
    <>
      <NavigationProgress />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
