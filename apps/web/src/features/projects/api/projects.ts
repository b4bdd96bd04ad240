import type { projectCreated, projectDetail, projectOwner, projectRow } from '@lvb/contracts/project-rows';
import { projectWorkflow, type ProjectAction } from '@lvb/contracts/project-workflow';
import type { projectBody, projectQuery as projectFilter } from '@lvb/contracts/projects';
import type { WireOf } from '@lvb/contracts/wire';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pagedList } from '@/shared/api/paged-list';
import { mutate } from '@/shared/lib/list';
import { request } from '@/shared/lib/request';
import type { z } from 'zod';

/** Back-office project calls (item/project, item/nocheck, manager/itemaudit, item/cxitem). */

export type ProjectRow = WireOf<typeof projectRow>;
export type ProjectDetail = WireOf<typeof projectDetail>;
export type ProjectInput = z.input<typeof projectBody>;
export type ProjectFilters = Omit<z.output<typeof projectFilter>, 'code'>;

export type ProjectListKind = 'all' | 'pending';

export const projectsQuery = (
  kind: ProjectListKind,
  filters: ProjectFilters,
  page: { pageNum: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ['projects', kind, filters, page],
    queryFn: () =>
      pagedList<ProjectRow>(kind === 'pending' ? '/api/projects/pending-audit' : '/api/projects', {
        ...filters,
        ...page,
      }),
    placeholderData: keepPreviousData,
  });

/** The owner organisations whose projects the caller may see, for the owner filter. */
export const projectOwnersQuery = () =>
  queryOptions({
    queryKey: ['projects', 'owners'],
    queryFn: async () => ((await request('/api/projects/owners')).data ?? []) as WireOf<typeof projectOwner>[],
    staleTime: 60_000,
  });

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: async (): Promise<ProjectDetail> => (await request(`/api/projects/${id}`)).data as ProjectDetail,
  });

export async function saveProject(id: number | undefined, data: ProjectInput): Promise<number> {
  if (id) {
    await request(`/api/projects/${id}`, { method: 'PUT', data });
    return id;
  }
  const body = await request('/api/projects', { method: 'POST', data });
  return (body.data as WireOf<typeof projectCreated>).id;
}

/** Removes a draft (the server refuses any other status); the list asks first. */
export const removeProject = (id: number) => mutate('DELETE', `/api/projects/${id}`);

/** Fires a workflow event or takes another action the detail offers (re-issue). */
export function runAction(id: number, action: ProjectAction, reason?: string) {
  return request(`/api/projects/${id}/${action}`, {
    method: 'POST',
    data: needsReason(action) ? { reason } : undefined,
  });
}

/** The workflow table says which events require a written reason. */
export const needsReason = (action: ProjectAction): boolean =>
  projectWorkflow.events.some((e) => e.event === action && e.reason === true);
