import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The web build's drawing of the public pages (apps/web/src/server/entry.tsx, built to
 * `dist/ssr/entry.js`): the server answers a public page with its content as HTML, which the
 * light client (a visitor not signed in) or the browser's app (a sign-in page) then hydrates (docs/decisions.md "Public pages drawn on the server").
 */
export interface PageRequest {
  url: string;
  origin: string;
  cookieLanguage?: string;
  acceptLanguage?: string;
}

export interface PageDrawer {
  draw(request: PageRequest): Promise<{ status: number; html: string } | null>;
}

interface DrawingModule {
  createPageDrawer(options: {
    template: string;
    manifest: unknown;
    lightManifest?: unknown;
    transport: typeof fetch;
  }): Promise<PageDrawer>;
}

/**
 * The pages' API calls, answered inside the server (`inject`): the same routes, checks and answers
 * a browser gets, without the network. Drawn pages show what anyone may see: no token is sent.
 */
function injectTransport(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    delete headers.authorization;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * Loads the drawing on first use (a server nobody asks for a public page never holds it). Null
 * when the build has none or it cannot start: the pages are then the browser's app alone, as
 * before, and the reason is logged once.
 */
export function pageDrawerLoader(app: FastifyInstance, dist: string): () => Promise<PageDrawer | null> {
  const entry = path.join(dist, 'ssr', 'entry.js');
  let loading: Promise<PageDrawer | null> | undefined;
  return () => {
    loading ??= (async () => {
      if (!existsSync(entry)) return null;
      try {
        const manifestAt = (name: string) =>
          readFile(path.join(dist, '.vite', name), 'utf8').then((text) => JSON.parse(text) as unknown);
        const lightManifest = path.join(dist, '.vite', 'light-manifest.json');
        const [drawing, template, manifest, light] = await Promise.all([
          import(pathToFileURL(entry).href) as Promise<DrawingModule>,
          readFile(path.join(dist, 'index.html'), 'utf8'),
          manifestAt('manifest.json'),
          // A build without the light client: the public pages hydrate into the app.
          existsSync(lightManifest) ? manifestAt('light-manifest.json') : undefined,
        ]);
        return await drawing.createPageDrawer({
          template,
          manifest,
          lightManifest: light,
          transport: injectTransport(app),
        });
      } catch (error) {
        app.log.error({ err: error }, 'public pages are not drawn on the server: the web build cannot draw them');
        return null;
      }
    })();
    return loading;
  };
}
