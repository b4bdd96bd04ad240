import { ResultCode } from '@lvb/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { languageOf, text, type Language } from '../i18n/text.ts';
import { fieldZh, validationZh } from '../i18n/validation-zh.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError, isUniqueViolation } from '../lib/errors.ts';

const UNKNOWN_ERROR = text('unknown system error, please report to the administrator', '系统未知错误，请联系管理员');
const DUPLICATE = text('a record with the same value already exists', '已存在相同内容的记录');
const DATABASE_UNAVAILABLE = text(
  'the database is not available at the moment, please try again shortly',
  '数据库暂时不可用，请稍后重试',
);
const TOO_MANY = text('too many requests, try again later', '请求过于频繁，请稍后再试');

/** Fastify's own client errors in Chinese, by code; English answers keep Fastify's message. */
const CLIENT_ERRORS_ZH: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持该请求内容类型',
  FST_REQ_FILE_TOO_LARGE: '上传文件过大',
  FST_FILES_LIMIT: '上传文件数量超过限制',
};
const CLIENT_ERROR_ZH = '请求有误，无法处理';

const CONTEXT_ZH: Record<string, string> = { querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** The value an issue is about, read from the raw input of the part that failed validation. */
function inputAt(request: FastifyRequest, context: string, path: string[]): unknown {
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  return path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    parts[context],
  );
}

/** At most three issues of a failed validation, each with its field, in the request's language. */
function validationMessage(
  request: FastifyRequest,
  context: string,
  issues: FastifySchemaValidationError[],
  language: Language,
): string {
  const zh = language === 'zh';
  const where = context === 'body' ? '' : `${zh ? (CONTEXT_ZH[context] ?? context) : context} `;
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean);
      const field = path.join('.');
      const english = issue.message ?? 'is invalid';
      // Our own messages name their field for people ("contact phone: …", "choose the place");
      // zod's start with a capital ("Too small: …") and get the field's path in front.
      const named = /^[a-z][a-z ]*: |^choose /.test(english);
      let message = english;
      if (zh) {
        // The type provider hands on zod's issue less its code, path and message.
        const raw = { ...issue.params, code: issue.keyword, path, message: english } as z.core.$ZodIssue;
        message = validationZh(raw, inputAt(request, context, path));
      }
      if (!field || named) return `${where}${message}`;
      return zh ? `${where}${fieldZh(field)}：${message}` : `${where}${field}: ${message}`;
    })
    .join(zh ? '；' : '; ');
}

/**
 * A refusal about one field of the body names it first (`bidDeadline: sign-up must stay open…`):
 * the envelope carries it as `field`, so that the form shows the message beside that field, and
 * the message reads without the name.
 */
const FIELD_FIRST = /^([a-z][A-Za-z0-9]*): (.+)$/s;
function withField(error: AppError, language: Language): { msg: string; field?: string } {
  const named = FIELD_FIRST.exec(error.text.en);
  const msg = error.text[language];
  if (!named) return { msg };
  return { field: named[1], msg: language === 'en' ? named[2]! : msg.replace(`${named[1]}: `, '') };
}

/** The body field the first issue of a failed validation is about. */
function firstField(context: string, issues: FastifySchemaValidationError[]): string | undefined {
  if (context !== 'body') return undefined;
  const path = issues[0]?.instancePath.split('/').filter(Boolean) ?? [];
  return path.length > 0 ? path.join('.') : undefined;
}

/**
 * Turns every error into the `{code, msg}` envelope, `msg` in the request's language
 * (`languageOf`); 5xx detail stays in the log only.
 */
export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = languageOf(request);
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, ...withField(error, language), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const msg = validationMessage(request, context, error.validation, language);
      const field = firstField(context, error.validation);
      return reply.status(400).send({ code: ResultCode.business, msg, ...(field ? { field } : {}) });
    }
    if (isUniqueViolation(error)) {
      // The race between a uniqueness check and its insert lands here, not as a 500.
      return reply.status(409).send({ code: ResultCode.business, msg: DUPLICATE[language] });
    }
    if (isDatabaseUnavailable(error)) {
      // A lost or refused connection is not the request's fault and passes: say so, retryably.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ code: ResultCode.server, msg: DATABASE_UNAVAILABLE[language] });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      const msg = language === 'zh' ? TOO_MANY.zh : error.message || TOO_MANY.en;
      return reply.status(429).send({ code: ResultCode.business, msg });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): their
      // messages are safe and say what is wrong.
      const code = (error as FastifyError).code;
      const msg = language === 'zh' ? (CLIENT_ERRORS_ZH[code] ?? CLIENT_ERROR_ZH) : error.message;
      return reply.status(status).send({ code: ResultCode.business, msg });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ResultCode.server, msg: UNKNOWN_ERROR[language] });
  });
});
