import { ResultCode } from '@lvb/contracts/errors';

/**
 * A domain error: a stable body code from spec §8, an HTTP status for proxies and monitoring,
 * and a message a person can act on. One error handler turns it into the `{code, msg}` envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.business, msg, 400);
export const conflict = (msg: string) => new AppError(ResultCode.business, msg, 409);
export const refused = (msg: string, httpStatus = 422) => new AppError(ResultCode.refused, msg, httpStatus);
export const tooMany = (msg: string) => new AppError(ResultCode.business, msg, 429);
/**
 * A missing permission answers code 403 with the standard text; a refusal that has its own reason
 * (the grant ceiling, another user's menu) answers code -1, whose message the client must show.
 */
export const forbidden = (msg?: string) =>
  msg
    ? new AppError(ResultCode.refused, msg, 403)
    : new AppError(ResultCode.forbidden, 'no permission for the current operation', 403);
export const notFound = (msg = 'resource does not exist') => new AppError(ResultCode.notFound, msg, 404);
export const sessionMissing = () =>
  new AppError(ResultCode.sessionMissing, 'invalid session or session expired, please log in again', 401);
export const sessionExpired = () =>
  new AppError(ResultCode.sessionExpired, 'invalid session or session expired, please log in again', 401);
