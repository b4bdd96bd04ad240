/**
 * Form predicates with the rules of the contracts' schemas (`phone`, `password`, `creditCode` of
 * @lvb/contracts/identity), so the client accepts exactly what the server does. They are written
 * out here rather than calling zod, which the public pages would otherwise download;
 * `__tests__/validation.test.ts` proves they agree with the schemas.
 */
const PHONE = /^1\d{10}$/;
const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const isPhone = (value: unknown): boolean => typeof value === 'string' && PHONE.test(value.trim());
export const isStrongPassword = (value: unknown): boolean =>
  typeof value === 'string' && value.length >= 8 && value.length <= 64 && /[A-Za-z]/.test(value) && /\d/.test(value);
export const isCreditCode = (value: unknown): boolean => typeof value === 'string' && CREDIT_CODE.test(value.trim());
export const isSmsCode = (value: unknown): boolean => typeof value === 'string' && /^\d{6}$/.test(value.trim());

/** A same-site path to return to after sign-in; anything else (//host, http:) is ignored. */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return fallback;
  return target;
}
