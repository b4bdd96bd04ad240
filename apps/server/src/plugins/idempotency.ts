import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { text } from '../i18n/text.ts';
import { badRequest, conflict, refused } from '../lib/errors.ts';
import { idempotencyRepository, type IdempotencyKey } from '../modules/idempotency/idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key`: a retry with the same key gets the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: IdempotencyKey;
  }
}

const HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * The request's `Idempotency-Key`, checked (1 to 100 visible characters), or undefined without
 * one. The one reading of the header: this plugin's, and a route's that keeps the key with its
 * own record instead (a sealed bid, whose body must not be hashed into the plugin's table).
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers[HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header))
    throw badRequest(text('Idempotency-Key: 1 to 100 visible characters', 'Idempotency-Key：1 至 100 个可见字符'));
  return header;
}

/**
 * `Idempotency-Key` on the routes that declare `idempotent` (the workflow actions, DESIGN §4): the
 * first request with a key runs and its answer is kept 24 hours in the database; a retry by the
 * same caller on the same path with the same key and body gets that answer again (marked
 * `Idempotent-Replayed`), the same key with another body is refused, and a retry while the first
 * still runs is told to wait. An answer the server failed to give (5xx) is not kept, so that the
 * retry runs anew.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  async function replayOrClaim(req: FastifyRequest, reply: FastifyReply) {
    const header = idempotencyKeyOf(req);
    if (header === undefined || !req.user) return;
    const id = { userId: req.user.id, route: `${req.method} ${req.url.split('?')[0]}`, key: header };
    const bodyHash = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const outcome = await idempotencyRepository.claim(db, id, bodyHash);
    if (outcome.claimed) {
      req.idempotency = id;
      return;
    }
    const kept = outcome.kept;
    if (!kept || kept.bodyHash !== bodyHash) {
      throw refused(
        text(
          'this Idempotency-Key was already used for a different request',
          '该 Idempotency-Key 已用于另一个不同的请求',
        ),
      );
    }
    if (kept.status === null || kept.response === null) {
      throw conflict(
        text('the same request is still being processed, try again shortly', '相同的请求正在处理中，请稍后再试'),
      );
    }
    return reply
      .code(kept.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(kept.response);
  }

  async function keepAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const id = req.idempotency;
    if (!id) return payload;
    req.idempotency = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await idempotencyRepository.release(db, id);
    else await idempotencyRepository.finish(db, id, reply.statusCode, payload);
    return payload;
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    // After access (the caller is known) and validation (the body is the one that would run).
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), replayOrClaim];
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), keepAnswer];
  });
});
