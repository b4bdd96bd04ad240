import type { FastifyInstance, FastifyRequest, onResponseHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { operationLogRepository } from '../modules/operation-log/operation-log.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body code of the answer, read as it is sent, for the operation log. */
    resultCode?: number;
    resultMsg?: string;
  }
}

const READS = ['GET', 'HEAD', 'OPTIONS'];
const isWrite = (req: FastifyRequest) => !READS.includes(req.method);

/**
 * Writes one operation-log row for every write call: who, what (the route's summary), when,
 * from where, the outcome and the duration. Request bodies are never stored: they may hold
 * passwords and codes. Writing the row never fails or delays the answer.
 */
export const operationLogPlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  const onSend: onSendHookHandler = async (req, _reply, payload) => {
    if (isWrite(req) && typeof payload === 'string' && payload.startsWith('{')) {
      try {
        const body = JSON.parse(payload) as { code?: unknown; msg?: unknown };
        if (typeof body.code === 'number') req.resultCode = body.code;
        if (typeof body.msg === 'string') req.resultMsg = body.msg;
      } catch {
        // Not JSON after all: the HTTP status tells the outcome.
      }
    }
    return payload;
  };

  const onResponse: onResponseHookHandler = async (req, reply) => {
    if (!isWrite(req) || !req.routeOptions.url) return;
    const code = req.resultCode ?? (reply.statusCode < 400 ? 200 : reply.statusCode);
    const ok = code === 200;
    // The summary's first clause names the operation; what follows a ';' is a note for API readers.
    const summary = (
      (req.routeOptions.schema as { summary?: string } | undefined)?.summary ?? req.routeOptions.url
    ).split(';')[0]!;
    operationLogRepository
      .record(db, {
        userId: req.user?.id,
        userName: req.user ? (req.user.loginUid ?? req.user.name).slice(0, 50) : null,
        types: req.user?.types,
        title: summary.slice(0, 200),
        method: req.method,
        path: req.url.split('?')[0]!.slice(0, 255),
        ip: req.ip.slice(0, 64),
        status: ok ? '0' : '1',
        resultCode: code,
        // A failed call's message says what went wrong; a success's message is not kept. Sign-in
        // answers carry the token in msg, so those are never kept either.
        errorMsg: ok ? null : (req.resultMsg ?? '').slice(0, 255),
        durationMs: Math.round(reply.elapsedTime),
      })
      .catch((err: unknown) => req.log.warn({ err }, 'operation log row not written'));
  };

  // Only write calls are logged: their routes get the hooks, and reads (the busy public pages)
  // pay nothing for them.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (![route.method].flat().some((m) => !READS.includes(m))) return;
    route.onSend = [...[route.onSend ?? []].flat(), onSend] as RouteOptions['onSend'];
    route.onResponse = [...[route.onResponse ?? []].flat(), onResponse] as RouteOptions['onResponse'];
  });
});
