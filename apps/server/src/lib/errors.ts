import { ResultCode } from '@lvb/contracts/errors';
import { text, type Text } from '../i18n/text.ts';

/**
 * A domain error: a stable body code from spec §8, an HTTP status for proxies and monitoring,
 * and a message a person can act on, in both languages (`text(en, zh)`): a plain string does not
 * type-check, so no message is left untranslated. One error handler turns it into the
 * `{code, msg}` envelope in the request's language; `message` (for logs) is the English.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly text: Text,
    readonly httpStatus: number,
    readonly extra?: Record<string, unknown>,
  ) {
    super(text.en);
    this.name = 'AppError';
  }
}

const SESSION_ENDED = text('invalid session or session expired, please log in again', '登录状态已失效，请重新登录');

export const badRequest = (msg: Text) => new AppError(ResultCode.business, msg, 400);
export const conflict = (msg: Text) => new AppError(ResultCode.business, msg, 409);
export const refused = (msg: Text, httpStatus = 422) => new AppError(ResultCode.refused, msg, httpStatus);
export const tooMany = (msg: Text) => new AppError(ResultCode.business, msg, 429);
/**
 * A missing permission answers code 403 with the standard text; a refusal that has its own reason
 * (the grant ceiling, another user's menu) answers code -1, whose message the client must show.
 */
export const forbidden = (msg?: Text) =>
  msg
    ? new AppError(ResultCode.refused, msg, 403)
    : new AppError(ResultCode.forbidden, text('no permission for the current operation', '没有执行此操作的权限'), 403);
export const notFound = (msg = text('resource does not exist', '请求的资源不存在')) =>
  new AppError(ResultCode.notFound, msg, 404);
export const sessionMissing = () => new AppError(ResultCode.sessionMissing, SESSION_ENDED, 401);
export const sessionExpired = () => new AppError(ResultCode.sessionExpired, SESSION_ENDED, 401);

/**
 * A PostgreSQL unique violation (SQLSTATE 23505), as the driver or Drizzle's wrapper carries it:
 * the race between a uniqueness check and its insert. Named once; the error plugin answers it 409.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
