import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer, as helmet writes them. Its headers do not depend on the
 * request (no nonces), so helmet runs once, on a stand-in response, and every request gets the
 * same set in one call: running the middleware per request (or the Fastify wrapper, which also
 * rebuilds it) cost a busy server several per cent of its time.
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
