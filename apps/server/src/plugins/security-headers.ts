import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer: pages and their assets get helmet's set, API answers a strict
 * short one (below). Helmet's headers do not depend on the request (no nonces), so helmet runs
 * once, on a stand-in response, and every request gets the same set in one call: running the
 * middleware per request (or the Fastify wrapper, which also rebuilds it) cost a busy server
 * several per cent of its time.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const headers: Record<string, string> = {};
  const standIn = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: () => undefined,
  };
  setHeaders({ headers: {} } as IncomingMessage, standIn as unknown as ServerResponse, () => undefined);
  // An API answer is JSON or a download, never a page: a browser renders none of it (nosniff), so
  // a policy that allows nothing replaces the page's policy, and the headers that govern how a
  // page loads and frames others go with it. The busiest answers carry a third of the bytes.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
});
