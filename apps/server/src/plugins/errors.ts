import { ResultCode } from '@lvb/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const UNKNOWN_ERROR = 'unknown system error, please report to the administrator';

/** Turns every error into the `{code, msg}` envelope; 5xx detail stays in the log only. */
export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
      const msg = error.validation
        .slice(0, 3)
        .map((issue) => {
          const field =
            issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
            String((issue.params?.issue && (issue.params.issue as { path?: unknown[] }).path?.join('.')) || '');
          const text = issue.message ?? 'is invalid';
          return field ? `${where}${field}: ${text}` : `${where}${text}`;
        })
        .join('; ');
      return reply.status(400).send({ code: ResultCode.business, msg });
    }
    if (isUniqueViolation(error)) {
      // The race between a uniqueness check and its insert lands here, not as a 500.
      return reply.status(409).send({ code: ResultCode.business, msg: 'a record with the same value already exists' });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: ResultCode.business, msg: error.message || 'too many requests, try again later' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): their
      // messages are safe and say what is wrong.
      return reply.status(status).send({ code: ResultCode.business, msg: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ResultCode.server, msg: UNKNOWN_ERROR });
  });
});
