import type { supplierResult } from '@lvb/contracts/results';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/**
 * The supplier's view of a project's result (web/project): the result, its application, its
 * objection, the award and its answer, the service fee and its voucher, the award notice. Every
 * step sends the Idempotency-Key of its attempt: a retry after a lost answer acts once.
 */

export type SupplierResult = WireOf<typeof supplierResult>;

const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export const supplierResultQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['supplier-result', projectId],
    queryFn: async () => (await request(`/api/supplier/results/${projectId}`)).data as SupplierResult,
  });

/** Objects to the result in publicity, once, with the reason and files (stored names). */
export const fileObjection = (projectId: number, body: { reason: string; files: string[] }, idempotencyKey: string) =>
  request(`/api/results/${projectId}/objections`, { method: 'POST', data: body, headers: key(idempotencyKey) });

/** The winner accepts the award. */
export const confirmAward = (projectId: number, idempotencyKey: string) =>
  request(`/api/results/${projectId}/award/confirm`, { method: 'POST', headers: key(idempotencyKey) });

/** The winner declines the award, with the reason. */
export const declineAward = (projectId: number, reason: string, idempotencyKey: string) =>
  request(`/api/results/${projectId}/award/decline`, {
    method: 'POST',
    data: { reason },
    headers: key(idempotencyKey),
  });

/** The winner submits the bank-transfer voucher of the service fee, by the stored name its upload answered. */
export const submitVoucher = (projectId: number, voucher: string, idempotencyKey: string) =>
  request(`/api/results/${projectId}/fee/voucher`, {
    method: 'POST',
    data: { voucher },
    headers: key(idempotencyKey),
  });
