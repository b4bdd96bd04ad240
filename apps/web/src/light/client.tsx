/**
 * The light client (docs/decisions.md "Public pages drawn on the server"), started by ./main.tsx
 * once the drawn page is painted: what makes a public or sign-in page the server drew interactive
 * for a visitor who is not signed in. The same page components as the app's, built against
 * Preact's React compatibility and ./router.tsx in place of React and React Router
 * (vite.config.ts), so that such a page loads under half the app's first load. It moves between
 * these pages itself; the back office, and any page once signed in, is a page load, which brings
 * the app.
 */
import { hydrate as hydrateQueries, type DehydratedState } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { publicTextsReady } from '@/app/i18n';
import { FrameProvider } from '@/app/frame-provider';
import { PublicLayout } from '@/features/public/components/public-layout';
import { readDrawnState } from '@/shared/lib/drawn-state';
import { ignoreToldFailures } from '@/shared/lib/form-submit';
import { registerNavigator } from '@/shared/lib/navigation';
import { documentTitle, useOwnPageTitle } from '@/shared/lib/page-title';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { queryClient } from '@/shared/lib/query-client';
import { isSignedIn } from '@/shared/lib/session';
import { lightPageAt, type LightPage } from './pages';
import { PlainMessages, registerPlainFeedback } from './plain-messages';
import { locationNow, OutletContent, startLightRouter, useLocation, useNavigate } from './router';
import '@/styles/global.css';

ignoreToldFailures();

/**
 * The browser's turn: the work before hydrating goes in tasks of its own, each short enough not to
 * hold a phone's page (one long task of reading the state, loading and hydrating would).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Each page's component once its chunk is there: a page is shown only when it is loaded. */
const loaded = new Map<LightPage, ComponentType>();

async function loadComponent(page: LightPage): Promise<void> {
  if (!loaded.has(page)) loaded.set(page, await page.load());
}

/** A move to `pathname`: one of the pages (loaded, shown in place), or false for a page load. */
async function loadPage(pathname: string): Promise<boolean> {
  const page = lightPageAt(pathname);
  // Once signed in (on a sign-in page), every move is a page load: the app takes the visitor on.
  if (!page || isSignedIn()) return false;
  await loadComponent(page);
  return true;
}

/** The browser tab's title, as the app's (app/root-shell.tsx): the page's own name, or its route's. */
function DocumentTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const own = useOwnPageTitle();
  const { dynamicTitle } = useLayoutSettings();
  useEffect(() => {
    document.title = documentTitle(own ?? (title ? t(title) : ''), t, dynamicTitle);
  }, [own, title, t, dynamicTitle]);
  return null;
}

/**
 * Holds the page back during the first hydration, for a task of its own: the frame and header
 * hydrate first, then the page (Preact keeps the drawn page on screen while it waits, and hydrates
 * it when it resumes). Hydrating all in one task held a phone for up to 200 ms on the hall.
 */
let pageHeldBack: Promise<void> | null = null;
let pageReleased = false;
function HydrateInNextTask({ children }: { children: ReactNode }) {
  if (pageReleased) return children;
  pageHeldBack ??= nextTask().then(() => {
    pageReleased = true;
  });
  throw pageHeldBack;
}

function LightApp() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useState(() => registerNavigator((to, options) => navigate(to, options)));
  const page = lightPageAt(pathname);
  const Page = page && loaded.get(page);
  if (!page || !Page) return null;
  const content = (
    <Suspense fallback={null}>
      <HydrateInNextTask>
        <Page />
      </HydrateInNextTask>
    </Suspense>
  );
  return (
    <>
      <DocumentTitle title={page.title} />
      {page.inLayout ? (
        <OutletContent.Provider value={content}>
          <PublicLayout />
        </OutletContent.Provider>
      ) : (
        content
      )}
    </>
  );
}

/** Hydrates the drawn page; resolves once all of it (the page too) answers the person. */
export async function start(): Promise<void> {
  performance.mark('light:start');
  const root = document.getElementById('root')!;
  const state = readDrawnState<{ queries: DehydratedState }>();
  if (state) hydrateQueries(queryClient, state.queries);
  registerPlainFeedback();
  startLightRouter({ loadPage });
  const drawn = lightPageAt(locationNow().pathname);
  await Promise.all([publicTextsReady.catch(() => undefined), drawn && loadComponent(drawn)]);
  await nextTask();
  performance.mark('light:ready');
  hydrateRoot(
    root,
    <FrameProvider>
      <LightApp />
      <PlainMessages />
    </FrameProvider>,
  );
  // The page hydrates when it is released, in the render after that.
  await pageHeldBack;
  await nextTask();
  performance.mark('light:hydrated');
}
