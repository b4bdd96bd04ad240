import { creditCode, password, phone } from '@lvb/contracts/identity';

/** Form predicates built on the contract schemas, so the client accepts exactly what the server does. */
export const isPhone = (value: unknown): boolean => phone.safeParse(value).success;
export const isStrongPassword = (value: unknown): boolean => password.safeParse(value).success;
export const isCreditCode = (value: unknown): boolean => creditCode.safeParse(value).success;
export const isSmsCode = (value: unknown): boolean => typeof value === 'string' && /^\d{6}$/.test(value.trim());

/** A same-site path to return to after sign-in; anything else (//host, http:) is ignored. */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return fallback;
  return target;
}
