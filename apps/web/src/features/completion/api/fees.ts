import type { feeRow } from '@lvb/contracts/completion';
import type { WireOf } from '@lvb/contracts/wire';
import { request } from '@/shared/lib/request';

/** The service fees (mandraw/fee): the owner's projects' fees, finance's decision on each voucher. */

export type FeeRow = WireOf<typeof feeRow>;

export const FEES_URL = '/api/fees';

/** Finance confirms the money arrived: the award notice is issued. */
export const confirmFee = (feeId: number, idempotencyKey: string) =>
  request(`${FEES_URL}/${feeId}/confirm`, { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });

/** Finance rejects the voucher with the reason; the winner may upload another. */
export const rejectFee = (feeId: number, reason: string, idempotencyKey: string) =>
  request(`${FEES_URL}/${feeId}/reject`, {
    method: 'POST',
    data: { reason },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
