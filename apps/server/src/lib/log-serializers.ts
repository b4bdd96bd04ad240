import type { FastifyError, FastifyRequest } from 'fastify';

/** A statement's parameters in an error (Drizzle: "Failed query: …\nparams: …"). */
const PARAMS = /(\n\s*params:).*$/gm;
const scrub = (value: string | undefined) => (value ?? '').replace(PARAMS, '$1 [redacted]');

/**
 * What the log keeps of requests and errors. No value a caller sent reaches the log: a request
 * is logged by its path without the query string (phone numbers, names, keywords), an error
 * without the parameters of the statement that failed (a decrypted sign-in name, a password hash).
 */
export const logSerializers = {
  req(req: FastifyRequest) {
    return { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip };
  },
  err(err: FastifyError) {
    return {
      type: err.name,
      message: scrub(err.message),
      stack: scrub(err.stack),
      code: err.code ?? (err.cause as { code?: unknown } | undefined)?.code,
    };
  },
};
