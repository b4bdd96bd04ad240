import type { applicationRow } from '@lvb/contracts/applications';
import type { WireOf } from '@lvb/contracts/wire';
import { request } from '@/shared/lib/request';

/** The supplier's own applications (web/project). */

export type MyApplication = WireOf<typeof applicationRow>;

export const MY_APPLICATIONS_URL = '/api/supplier/applications';

/** Withdraws an application; the server refuses it once the bid deadline has passed. */
export const withdrawApplication = (id: number) =>
  request(`${MY_APPLICATIONS_URL}/${id}/withdraw`, { method: 'POST', data: {} });
