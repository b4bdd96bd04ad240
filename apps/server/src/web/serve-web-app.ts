import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '@lvb/contracts/limits';
import { notFound } from '../lib/errors.ts';
import { originOf } from '../lib/route-helpers.ts';
import { pageDrawerLoader } from './page-drawer.ts';

/**
 * Hashed assets (`/assets/name-hash.js`) never change under their name: browsers keep them a year
 * without asking again. Everything else (index.html, which names the current assets, and the
 * unhashed files beside it) is revalidated on every visit, so a new release is seen at once.
 */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';

/** A drawn page that takes longer than this is answered with the browser's app instead. */
const DRAW_TIMEOUT_MS = 5_000;

/** Parts of the build the browser has no use for: the server's drawing and the build's manifest. */
const SERVER_ONLY = /^\/(ssr|\.vite)\//;

/**
 * The built web app, when there is one. Public pages (`/`, `/hall`, `/iteminfo`, …) are drawn on
 * the server (page-drawer.ts) for any GET; any other page load (the browser asks for HTML) of a
 * path that is not an API call gets index.html, so that the client router decides; API paths answer
 * the 404 envelope. The build writes a Brotli and a gzip copy beside each asset; `preCompressed`
 * sends the one the browser accepts, so no asset is compressed per request.
 */
export async function serveWebApp(app: FastifyInstance, dist: string, publicUrl?: string) {
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  const drawer = pageDrawerLoader(app, dist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // `/` is a page like the others: drawn, not sent as a file.
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !SERVER_ONLY.test(pathName),
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(dist, filePath).split(path.sep)[0] === 'assets';
        void reply.header('cache-control', hashed ? ASSET_CACHE : PAGE_CACHE);
      },
    });
  }

  const drawn = async (req: FastifyRequest, reply: FastifyReply) => {
    // A signed-in visitor gets the app itself: its route guard loads the session first (and may
    // send the person elsewhere, as to their incomplete company record); drawn pages are for everyone.
    const cookies = req.headers.cookie ? req.server.parseCookie(req.headers.cookie) : {};
    if (cookies[TOKEN_COOKIE]) return false;
    const pages = await drawer();
    if (!pages) return false;
    const timeout = new Promise<null>((resolve) => setTimeout(resolve, DRAW_TIMEOUT_MS, null).unref());
    const page = await Promise.race([
      pages
        .draw({
          url: req.url,
          origin: originOf(req, publicUrl),
          cookieLanguage: cookies.lang,
          acceptLanguage: req.headers['accept-language'],
        })
        .catch((error: unknown) => {
          req.log.error({ err: error }, 'drawing a public page failed; the browser app answers instead');
          return null;
        }),
      timeout,
    ]);
    if (!page) return false;
    await reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE)
      .header('vary', 'Accept-Language, Cookie')
      .send(page.html);
    return true;
  };

  /** The browser's app: index.html, revalidated on every visit. */
  const sendApp = (reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', PAGE_CACHE).sendFile('index.html');

  // `/` is a directory to the static files: its page is drawn here, or is index.html.
  if (hasWeb) {
    app.get('/', { config: { access: { public: true } }, schema: { hide: true } }, async (req, reply) => {
      if (await drawn(req, reply)) return reply;
      return sendApp(reply);
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/api/');
    if (hasWeb && isPage && (await drawn(req, reply))) return reply;
    // A page load (the browser asks for HTML) of any other path gets the app, so deep links such
    // as /system/user work; API calls get the 404 envelope.
    if (hasWeb && isPage && (req.headers.accept ?? '').includes('text/html')) {
      return sendApp(reply);
    }
    throw notFound();
  });
}
