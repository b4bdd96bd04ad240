import type { AcceptanceBody, ContractBody, completionDetail, completionRow } from '@lvb/contracts/completion';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** The projects from the award on (mandraw/improve, bidmanager/bidys): the list, one project, its steps. */

export type CompletionRow = WireOf<typeof completionRow>;
export type CompletionDetail = WireOf<typeof completionDetail>;

export const COMPLETION_URL = '/api/completion';
export const COMPLETION_STATUSES = ['awarded', 'contracted', 'accepted', 'completed'] as const;

/** Everything after the award of one project: winner, contract, fee with its bands, notice, acceptance. */
export const completionDetailQuery = (projectId: number) =>
  queryOptions({
    queryKey: [COMPLETION_URL, 'detail', projectId],
    queryFn: async () => (await request(`/api/results/${projectId}/completion`)).data as CompletionDetail,
  });

/** The owner records the signed contract of a confirmed award: the project becomes contracted. */
export const recordContract = (projectId: number, body: ContractBody, idempotencyKey: string) =>
  request(`/api/results/${projectId}/contract`, {
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** The owner records the acceptance of the finished works: accepted, or completed with the fee settled. */
export const recordAcceptance = (projectId: number, body: AcceptanceBody, idempotencyKey: string) =>
  request(`/api/results/${projectId}/acceptance`, {
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
