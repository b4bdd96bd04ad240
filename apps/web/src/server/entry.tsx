/**
 * The server's drawing of the public pages (docs/decisions.md "Public pages drawn on the server").
 * Built by Vite into `dist/ssr/entry.js` (scripts/build.mjs) and imported by the server, which
 * answers a public page with the page itself: the same routes and components as the browser's app,
 * rendered to HTML with the data they ask for, which the browser then hydrates.
 */
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import '@/app/i18n';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { chooseLanguage, i18n, isLanguage, LANGUAGES, loadTextsIn, type Language } from '@/shared/lib/i18n';
import { normalisePath } from '@/shared/config/paths';
import { createQueryClient } from '@/shared/lib/query-client';
import { setTransport } from '@/shared/lib/request';
import { LIGHT_PAGES } from '@/light/pages';
import { composeDocument, pageAssets, type ClientManifest, type PageAssets } from './document';
import { publicPageHead } from './page-head';

/** The pages the server draws, each with the modules (manifest keys) its route loads. */
const publicLayout = 'src/features/public/components/public-layout.tsx';
const components = 'src/features/public/components';
const PAGE_MODULES: Record<string, string[]> = {
  '/': [publicLayout, `${components}/home-page.tsx`],
  '/hall': [publicLayout, `${components}/hall-page.tsx`],
  '/pub': [publicLayout, `${components}/notices-page.tsx`],
  '/iteminfo': [publicLayout, `${components}/project-info.tsx`],
  '/resultpub': [publicLayout, `${components}/results-page.tsx`],
  '/extract': [publicLayout, `${components}/public-section-page.tsx`],
  '/verify': [publicLayout, `${components}/verify-page.tsx`],
  '/mindex': [`${components}/mobile-index-page.tsx`],
  '/login': ['src/features/auth/components/supplier-login-page.tsx'],
  '/weblogin': ['src/features/auth/components/supplier-login-page.tsx'],
  '/adminlogin': ['src/features/auth/components/employee-login-page.tsx'],
};

export const DRAWN_PATHS = Object.keys(PAGE_MODULES);

/** The light client's entry in its manifest (apps/web/vite.config.ts), and the client it imports. */
const LIGHT_ENTRY = 'src/light/main.tsx';
const LIGHT_CLIENT = 'src/light/client.tsx';

/**
 * What hydrates each drawn page: the light client for the public pages it has (the drawer draws
 * only for visitors who are not signed in), the app for the sign-in pages, and for every page when
 * the build has no light client.
 */
function drawnPageAssets(manifest: ClientManifest, lightManifest: ClientManifest | undefined) {
  return Object.fromEntries(
    Object.entries(PAGE_MODULES).map(([path, modules]): [string, PageAssets] => {
      const page = modules.at(-1)!;
      return [
        path,
        lightManifest && path in LIGHT_PAGES
          ? pageAssets(lightManifest, [LIGHT_CLIENT, page], LIGHT_ENTRY)
          : pageAssets(manifest, modules),
      ];
    }),
  );
}

/** Dependent queries (a page that asks for more once the first answers) get this many rounds. */
const MAX_ROUNDS = 4;

export interface PageRequest {
  /** Path and query as asked (`/hall?pageNum=2`). */
  url: string;
  /** Where readers reach the site (`https://example.org`): canonical and alternate addresses. */
  origin: string;
  /** The `lang` cookie (the reader's stored choice) and the Accept-Language header. */
  cookieLanguage?: string;
  acceptLanguage?: string;
}

export interface DrawnPage {
  status: number;
  html: string;
}

export interface PageDrawer {
  /** The page as HTML, or null when this path is not drawn here (the browser's app takes it). */
  draw(request: PageRequest): Promise<DrawnPage | null>;
}

/** The browser's languages from Accept-Language, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: (tag ?? '').trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Queries a drawn page asked for and may have answered: asked, not yet fetched, enabled. */
function waiting(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      const options = query.options as { enabled?: boolean | ((q: Query) => boolean) };
      const enabled = typeof options.enabled === 'function' ? options.enabled(query) : options.enabled !== false;
      return (
        enabled &&
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        typeof query.options.queryFn === 'function' &&
        !query.meta?.clientOnly
      );
    });
}

/**
 * The drawer of the public pages. `transport` answers the pages' API calls inside the server (no
 * network, no token: a drawn page shows what anyone may see); `template` is the built index.html,
 * `manifest` the browser build's manifest and `lightManifest` the light client's.
 */
export async function createPageDrawer({
  template,
  manifest,
  lightManifest,
  transport,
}: {
  template: string;
  manifest: ClientManifest;
  lightManifest?: ClientManifest;
  transport: typeof fetch;
}): Promise<PageDrawer> {
  setTransport(transport);
  await Promise.all(LANGUAGES.map((language) => loadTextsIn('public', language)));
  const assets = drawnPageAssets(manifest, lightManifest);
  const handler = createStaticHandler(routes);

  return {
    async draw(request) {
      const url = new URL(request.url, request.origin);
      const path = normalisePath(url.pathname);
      if (!(path in PAGE_MODULES)) return null;
      const query = url.searchParams.get('lang');
      const language: Language = chooseLanguage({
        query,
        stored: request.cookieLanguage ?? null,
        preferred: acceptedLanguages(request.acceptLanguage),
      });

      const context = await handler.query(new Request(url));
      if (context instanceof Response || context.errors) return null;
      const router = createStaticRouter(handler.dataRoutes, context);
      // A failed call is drawn as its failure (a missing project: its not-found page), not as the
      // loading state a browser shows while it tries again on mount.
      const client = createQueryClient({ retryOnMount: false });
      // Rendering is synchronous, so one text instance serves every request: each render (and the
      // calls it starts, which read the language at once) happens in the reader's language.
      const render = () => {
        void i18n.changeLanguage(language);
        return renderToString(
          <StrictMode>
            <AppProvider client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProvider>
          </StrictMode>,
        );
      };
      let html = render();
      for (let round = 1; round < MAX_ROUNDS; round += 1) {
        const asked = waiting(client);
        if (asked.length === 0) break;
        await Promise.allSettled(asked.map((q) => q.fetch()));
        html = render();
      }
      void i18n.changeLanguage(language);
      const head = publicPageHead(url, i18n.t, client);
      const state = {
        // Failures too, with their code (the browser revives them: main.tsx), so that
        // hydration starts from the page as drawn.
        queries: dehydrate(client, {
          shouldDehydrateQuery: (q) => q.state.status !== 'pending',
          shouldRedactErrors: () => false,
        }),
        router: { loaderData: context.loaderData },
      };
      client.clear();
      return {
        status: head.status,
        html: composeDocument({
          template,
          html,
          state,
          language,
          head,
          assets: assets[path] ?? { styles: [], scripts: [] },
          canonical: canonicalAddresses(url, request.origin, isLanguage(query) ? query : undefined),
          siteName: i18n.t('app.systemName'),
        }),
      };
    },
  };
}

/**
 * A page's address in each language: its own query without `lang` for English, with `lang=zh-CN`
 * for Chinese (as the sitemap lists them). The canonical one is the language it was asked in.
 */
function canonicalAddresses(url: URL, origin: string, asked: Language | undefined) {
  const params = new URLSearchParams(url.searchParams);
  params.delete('lang');
  const at = (language: Language) => {
    const query = new URLSearchParams(params);
    if (language !== 'en') query.set('lang', language);
    const search = query.toString();
    return `${origin.replace(/\/$/, '')}${url.pathname}${search ? `?${search}` : ''}`;
  };
  const alternates = Object.fromEntries(LANGUAGES.map((language) => [language, at(language)])) as Record<
    Language,
    string
  >;
  return { self: alternates[asked ?? 'en'], alternates };
}
