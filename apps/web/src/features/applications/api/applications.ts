import type { applicationDetail, applicationRow } from '@lvb/contracts/applications';
import { applicationWorkflow, type ApplicationEvent } from '@lvb/contracts/application-workflow';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
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
