import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';

/** What is left when even the error page cannot be fetched (the network is gone): text and a reload. */
function PlainCrash() {
  const { t } = useTranslation();
  return (
    <div className="error-page" role="alert">
      <p>{t('errors.crashText')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

// The error pages carry antd's large illustrations: fetched only when one is shown.
const lazyPage = (load: () => Promise<ComponentType>) =>
  lazy(async (): Promise<{ default: ComponentType }> => {
    try {
      return { default: await load() };
    } catch {
      return { default: PlainCrash };
    }
  });
const NotFoundPage = lazyPage(async () => (await import('./not-found-page')).NotFoundPage);
const CrashPage = lazyPage(async () => (await import('./crash-page')).CrashPage);

/** Shown when a page throws while loading or rendering, instead of a blank screen; 404 for unknown paths. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return <Suspense fallback={<PageLoading fullScreen />}>{notFound ? <NotFoundPage /> : <CrashPage />}</Suspense>;
}
