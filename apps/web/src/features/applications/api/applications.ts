import type { applicationDetail, applicationRow } from '@lvb/contracts/applications';
import { applicationWorkflow, type ApplicationEvent } from '@lvb/contracts/application-workflow';
import type { applicationGuarantee, ClaimBody, claimRow } from '@lvb/contracts/guarantees';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { downloadGet } from '@/shared/lib/download';
import { request } from '@/shared/lib/request';

/** Back-office application calls (bidmanager/bidapply, bidmanager/bidcheck). */

export type ApplicationRow = WireOf<typeof applicationRow>;
export type ApplicationDetail = WireOf<typeof applicationDetail>;
/** The checker's events: the ones a row's `actions` may offer here. */
export type CheckEvent = Extract<ApplicationEvent, 'qualify' | 'reject'>;

export const APPLICATIONS_URL = '/api/applications';
export const PENDING_CHECK_URL = '/api/applications/pending-check';

export const applicationQuery = (id: number) =>
  queryOptions({
    queryKey: [APPLICATIONS_URL, 'detail', id],
    queryFn: async () => (await request(`${APPLICATIONS_URL}/${id}`)).data as ApplicationDetail,
  });

/** The workflow table says which events require a written reason. */
export const needsReason = (event: CheckEvent): boolean =>
  applicationWorkflow.events.some((e) => e.event === event && e.reason === true);

/** Qualifies or rejects (with the reason) an application. */
export const checkApplication = (id: number, event: CheckEvent, reason?: string) =>
  request(`${APPLICATIONS_URL}/${id}/${event}`, { method: 'POST', data: needsReason(event) ? { reason } : {} });

export type ApplicationGuarantee = WireOf<typeof applicationGuarantee>;
export type GuaranteeClaim = WireOf<typeof claimRow>;

/** The letter an application holds (null: none), verified or not, with the claims on it. */
export const applicationGuaranteeQuery = (id: number) =>
  queryOptions({
    queryKey: [APPLICATIONS_URL, 'guarantee', id],
    queryFn: async ({ signal }) =>
      ((await request(`${APPLICATIONS_URL}/${id}/guarantee`, { signal })).data ?? null) as ApplicationGuarantee | null,
  });

/** The PDF of the platform's letter the application holds, saved under its number. A failed download has been shown. */
export const downloadApplicationLetter = (id: number, letterNo: string) =>
  downloadGet(`${APPLICATIONS_URL}/${id}/guarantee/letter`, {}, `${letterNo}.pdf`).catch(() => undefined);

export const CLAIMS_URL = '/api/guarantee/claims';

/** The beneficiary's claim on the letter the application holds, under its Idempotency-Key. */
export const fileClaim = (body: ClaimBody, idempotencyKey: string) =>
  request(CLAIMS_URL, { method: 'POST', data: body, headers: { 'Idempotency-Key': idempotencyKey } });
