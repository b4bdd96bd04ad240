import { queryOptions } from '@tanstack/react-query';
import { ResultCode } from '@lvb/contracts/errors';
import type { OrderStatus } from '@lvb/contracts/guarantee-order-workflow';
import type { GuaranteeKind, letterFileVerification, letterVerification } from '@lvb/contracts/guarantees';
import type { WireOf } from '@lvb/contracts/wire';
import { request, RequestError } from '@/shared/lib/request';

/** The public verification of a guarantee letter (no token): `/verify`, where the letter's QR code leads. */

export type LetterVerification = WireOf<typeof letterVerification>;
export type LetterFileVerification = WireOf<typeof letterFileVerification>;
export type { GuaranteeKind, OrderStatus };

/** The kinds of guarantee (a copy of the contracts' list: this page loads no zod). */
export const LETTER_KINDS = [
  'bid',
  'performance',
  'advance',
  'quality',
  'wage',
] as const satisfies readonly GuaranteeKind[];

/** The statuses a letter can be read in: issued (in force) and the ends of an issued letter. */
export const LETTER_STATUSES = [
  'issued',
  'released',
  'expired',
  'surrendered',
  'claimed',
] as const satisfies readonly OrderStatus[];

/** A verification code as printed: 8 letters and digits; typed in any case, with spaces around. */
export const VERIFY_CODE_LENGTH = 8;
const CODE_PATTERN = /^[A-Z0-9]{8}$/;

/** A letter number or a code as the server reads it: trimmed, in capitals. */
export const normalise = (value: string) => value.trim().toUpperCase();
export const isCodeWellFormed = (code: string) => CODE_PATTERN.test(normalise(code));

/** Whether a letter with this number and code was issued, and its facts (a wrong number or code: 404). */
export async function verifyLetter(letterNo: string, code: string): Promise<LetterVerification> {
  const answer = await request('/api/public/letters/verify', {
    params: { letterNo: normalise(letterNo), code: normalise(code) },
    withToken: false,
    quiet: true,
  });
  return answer.data as LetterVerification;
}

/**
 * The check of a number and code; `language` is part of the key so that the server's message
 * follows a change of language.
 */
export const letterVerificationQuery = (letterNo: string, code: string, language: string) =>
  queryOptions({
    queryKey: ['public-letter-verification', letterNo, code, language],
    queryFn: () => verifyLetter(letterNo, code),
    retry: false,
    staleTime: 60_000,
  });

/** Whether a PDF is, byte for byte, a letter the platform issued (the server compares SHA-256). */
export async function verifyLetterFile(file: File): Promise<LetterFileVerification> {
  const form = new FormData();
  form.append('file', file);
  const answer = await request('/api/public/letters/verify-file', {
    method: 'POST',
    data: form,
    withToken: false,
    quiet: true,
  });
  return answer.data as LetterFileVerification;
}

/** Why a check failed, as the page tells it. */
export interface CheckFailure {
  kind: 'notFound' | 'rateLimited' | 'network' | 'other';
  message: string;
}

/** The server's own message (in the reader's language, from Accept-Language) when it gave one. */
function serverMessage(error: RequestError): string | null {
  const body = error.body as { msg?: unknown } | undefined;
  return typeof body?.msg === 'string' && body.msg ? body.msg : null;
}

export function failureOf(error: unknown): CheckFailure {
  if (!(error instanceof RequestError)) return { kind: 'other', message: String(error) };
  // No answer at all: the request's own text (cannot reach the server, timed out).
  if (error.code === 0) return { kind: 'network', message: error.message };
  if (error.status === 429) return { kind: 'rateLimited', message: serverMessage(error) ?? error.message };
  if (error.code === ResultCode.notFound) return { kind: 'notFound', message: serverMessage(error) ?? error.message };
  return { kind: 'other', message: serverMessage(error) ?? error.message };
}
