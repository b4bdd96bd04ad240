import { ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '@lvb/contracts/limits';
import { ResultCode, SESSION_CODES } from '@lvb/contracts/errors';
import { claimSubmit, submitKey } from './duplicate-submit';
import { isFieldClaimed } from './field-claims';
import { i18n } from './i18n';
import { feedback } from './notify';
import { showSessionExpiredDialog } from './session-expiry';
import { getToken } from './token';

/** Every answer shares this envelope (DESIGN §4); the rest depends on the call. */
export interface ApiEnvelope {
  code: number;
  msg: string;
  [field: string]: unknown;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Query;
  /** JSON body, or FormData for multipart uploads. */
  data?: unknown;
  /** Send the bearer token (default true); sign-in and captcha calls opt out. */
  withToken?: boolean;
  timeout?: number;
  /** Set false to allow an identical POST/PUT while one is under way. */
  repeatSubmit?: boolean;
  /** Do not toast errors: the caller shows them (e.g. route guards). Session codes still reject. */
  quiet?: boolean;
  /** Set false when a session error is expected and handled by the caller (start-up guard). */
  sessionDialog?: boolean;
  signal?: AbortSignal;
  /** Headers of this call, e.g. the `Idempotency-Key` of a submission. */
  headers?: Record<string, string>;
}

/**
 * A refused call: `code` is the body code (or HTTP status), `message` the text shown to the user,
 * `status` the HTTP status when an answer came (429 tells a rate limit from other refusals).
 */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: unknown,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export function buildUrl(url: string, params?: Query): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Text for a failure code, following the catalogue of spec §8. */
export function errorText(code: number, serverMessage?: string): string {
  if (SESSION_CODES.includes(code)) return i18n.t('request.sessionInvalid');
  if (code === ResultCode.unauthorized) return i18n.t('request.status401');
  if (code === ResultCode.forbidden) return i18n.t('request.status403');
  if (code === ResultCode.notFound) return i18n.t('request.status404');
  if (serverMessage) return serverMessage;
  return i18n.t('request.statusUnknown');
}

function toast(text: string): void {
  // A page drawn on the server shows a failed call in the page itself; the browser then tries again.
  if (typeof window === 'undefined') return;
  feedback().message.error({ content: text, duration: ERROR_TOAST_MS / 1000, key: text });
}

/**
 * Applies the error catalogue to a parsed body: returns it when `code` is 200, otherwise shows
 * what spec §8 says and throws. Shared by JSON calls and failed blob downloads, so a session
 * error during a download goes through the same dialog. A refusal naming a body `field` that the
 * form under way shows (shared/lib/field-claims.ts) is left to that form: no toast.
 */
export function judgeBody(
  body: ApiEnvelope,
  status: number,
  options: Pick<RequestOptions, 'quiet' | 'sessionDialog'> = {},
): ApiEnvelope {
  const code = typeof body.code === 'number' ? body.code : status >= 200 && status < 300 ? ResultCode.ok : status;
  if (code === ResultCode.ok) return body;
  if (SESSION_CODES.includes(code)) {
    if (options.sessionDialog !== false) showSessionExpiredDialog();
    throw new RequestError(i18n.t('request.sessionInvalid'), code, body, status);
  }
  const text = errorText(code, typeof body.msg === 'string' ? body.msg : undefined);
  const field = typeof body.field === 'string' ? body.field : null;
  if (!options.quiet && !(field && isFieldClaimed(field))) toast(text);
  throw new RequestError(text, code, body, status);
}

/**
 * How a call reaches the server: the browser's fetch, or, while the server draws a public page
 * (entry-server.tsx), a call into the server itself.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setTransport(next: typeof fetch): void {
  transport = next;
}

export async function request<T extends ApiEnvelope = ApiEnvelope>(
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ ...options.headers, 'Accept-Language': i18n.language });
  const token = getToken();
  if (options.withToken !== false && token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.data instanceof FormData) body = options.data;
  else if (options.data !== undefined) {
    headers.set('Content-Type', 'application/json;charset=utf-8');
    body = JSON.stringify(options.data);
  }

  const fullUrl = buildUrl(url, options.params);
  let release: (() => void) | null = null;
  if ((method === 'POST' || method === 'PUT') && options.repeatSubmit !== false) {
    const key = submitKey(method, fullUrl, options.data);
    if (key) {
      release = claimSubmit(key);
      if (!release) {
        const text = i18n.t('request.duplicateSubmit');
        feedback().message.warning({ content: text, key: 'duplicate-submit' });
        throw new RequestError(text, ResultCode.refused);
      }
    }
  }

  // The browser gives up on a call after the timeout. A page drawn on the server has a limit of its
  // own, and a timer a call would keep the server holding each call's signal for as long.
  const timeout =
    typeof window === 'undefined' ? undefined : AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);
  try {
    let response: Response;
    try {
      response = await transport(fullUrl, { method, headers, body, signal });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      const text = i18n.t(timedOut ? 'request.timeout' : 'request.network');
      if (!options.quiet && !(error instanceof DOMException && error.name === 'AbortError')) toast(text);
      throw new RequestError(text, 0);
    }
    let parsed: ApiEnvelope;
    try {
      parsed = (await response.json()) as ApiEnvelope;
    } catch {
      const text = errorText(response.status);
      if (!options.quiet) toast(text);
      throw new RequestError(text, response.status, undefined, response.status);
    }
    return judgeBody(parsed, response.status, options) as T;
  } finally {
    release?.();
  }
}
