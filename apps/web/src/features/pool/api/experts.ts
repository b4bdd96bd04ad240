import type { ExpertBody, expertAccount, expertDetail, expertRow } from '@lvb/contracts/experts';
import type { WireOf } from '@lvb/contracts/wire';
import { request, type ApiEnvelope } from '@/shared/lib/request';

/** The expert pool, a tab of `marwsup/cbsman`: evaluation experts from whom best-value panels are drawn. */

export type ExpertRow = WireOf<typeof expertRow>;
export type ExpertDetail = WireOf<typeof expertDetail>;
export type ExpertAccount = WireOf<typeof expertAccount>;

export const EXPERTS_URL = '/api/pool/experts';

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** Adds (POST, under the attempt's Idempotency-Key) or saves (PUT) an expert. */
export const saveExpert = (id: number | undefined, body: ExpertBody, idempotencyKey: string) =>
  id
    ? request(`${EXPERTS_URL}/${id}`, { method: 'PUT', data: body })
    : request(EXPERTS_URL, { method: 'POST', data: body, ...keyed(idempotencyKey) });

export const fetchExpert = async (id: number) =>
  (await request<ApiEnvelope & { data: ExpertDetail }>(`${EXPERTS_URL}/${id}`)).data;

export const suspendExpert = (id: number, reason: string, idempotencyKey: string) =>
  request(`${EXPERTS_URL}/${id}/suspend`, { method: 'POST', data: { reason }, ...keyed(idempotencyKey) });

export const reinstateExpert = (id: number, idempotencyKey: string) =>
  request(`${EXPERTS_URL}/${id}/reinstate`, { method: 'POST', data: {}, ...keyed(idempotencyKey) });

export const removeExpert = (id: number) => request(`${EXPERTS_URL}/${id}`, { method: 'DELETE' });

/** Accounts that may be kept as experts (active employees allowed to score) whose name or login id contains `keyword`. */
export async function searchExpertAccounts(keyword: string) {
  const answer = await request<ApiEnvelope & { data: ExpertAccount[] }>(`${EXPERTS_URL}/accounts`, {
    params: keyword ? { keyword } : {},
    quiet: true,
  });
  return answer.data;
}
