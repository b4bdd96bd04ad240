import type { claimRow } from '@lvb/contracts/guarantees';
import type { WireOf } from '@lvb/contracts/wire';
import { request } from '@/shared/lib/request';

/** Claims on issued letters as guarantee staff decide them (`manager/gl`, the Claims tab). */

export type ClaimRow = WireOf<typeof claimRow>;

export const CLAIMS_URL = '/api/guarantee/claims';

/** Pays a filed claim: the letter ends `claimed`. */
export const payClaim = (id: number, idempotencyKey: string) =>
  request(`${CLAIMS_URL}/${id}/pay`, { method: 'POST', data: {}, headers: { 'Idempotency-Key': idempotencyKey } });

/** Refuses a filed claim with the reason: the letter stays in force. */
export const refuseClaim = (id: number, reason: string, idempotencyKey: string) =>
  request(`${CLAIMS_URL}/${id}/refuse`, {
    method: 'POST',
    data: { reason },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
