/**
 * Codes carried in the `code` field of every answer (spec §8, DESIGN §4).
 * The web client judges an answer by this code first, the HTTP status second.
 */
export const ResultCode = {
  ok: 200,
  /** No token, or a token the server does not know. */
  sessionMissing: 50000,
  /** A known token that expired or was revoked. */
  sessionExpired: 50001,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** Business or validation error; `msg` says what is wrong. */
  business: 500,
  /** Server-side failure with its message. */
  server: 501,
  /** A refused operation whose `msg` must be shown. */
  refused: -1,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export const SESSION_CODES: readonly number[] = [ResultCode.sessionMissing, ResultCode.sessionExpired];
