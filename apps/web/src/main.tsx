import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type DataRouter, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { publicTextsReady } from '@/app/i18n';
import { AppProvider } from '@/app/provider';
import { createAppRouter, routes } from '@/app/router';
import { ignoreToldFailures } from '@/shared/lib/form-submit';
import { basePath } from '@/shared/lib/navigation';
import { queryClient } from '@/shared/lib/query-client';
import { readDrawnState } from '@/shared/lib/drawn-state';
import '@/styles/global.css';

ignoreToldFailures();

const app = (router: DataRouter) => (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

/**
 * The routes of the address loaded before hydrating: the page drawn on the server must find its
 * components there at once (their chunks come preloaded with the document).
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location, basePath() || '/') ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
}

// The router starts loading the page at once; the first render waits for the texts of the chosen
// language (English ships with the app, Chinese is one small file). Until then index.html's
// skeleton, or the page the server drew, stays on screen.
async function start() {
  const root = document.getElementById('root')!;
  const state = readDrawnState<{ queries: DehydratedState; router: HydrationState }>();
  if (state) {
    // The server drew this page (src/server/): hydrate it from the very data it was drawn with.
    hydrate(queryClient, state.queries);
    await Promise.all([publicTextsReady.catch(() => undefined), loadMatchedRoutes()]);
    // As a transition, hydration works in slices and lets the browser answer in between (hydration
    // at the default priority runs in one task: on a phone, a quarter of a second of a frozen page).
    startTransition(() => {
      hydrateRoot(root, app(createAppRouter(state.router)));
    });
    return;
  }
  await publicTextsReady.catch(() => undefined);
  createRoot(root).render(app(createAppRouter()));
}

void start();
