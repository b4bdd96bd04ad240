import type { applyBody, myApplicationOfProject } from '@lvb/contracts/applications';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';

/** A supplier's apply on a published project's page, and its draft documents. */

export type ApplyInput = z.input<typeof applyBody>;
export type MyApplicationOfProject = WireOf<typeof myApplicationOfProject>['application'];

export const myApplicationQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['hall', 'my-application', projectId],
    queryFn: async () =>
      ((await request(`/api/hall/projects/${projectId}/my-application`)).data as WireOf<typeof myApplicationOfProject>)
        .application,
  });

export const applyToProject = (projectId: number, data: ApplyInput) =>
  request(`/api/hall/projects/${projectId}/apply`, { method: 'POST', data });

/** Deletes an uploaded qualification document the application no longer lists. */
export const deleteDraftDocument = (fileName: string) =>
  request('/api/extract/web/documents/deleteFileZC', { method: 'POST', data: { fileName }, quiet: true });
