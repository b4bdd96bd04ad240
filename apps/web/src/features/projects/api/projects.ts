import { projectWorkflow, type ProjectAction } from '@lvb/contracts/project-workflow';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProjectDocument } from '@/shared/api/hall-projects';
import { request, type Query } from '@/shared/lib/request';

/** Back-office project calls (item/project, item/nocheck, manager/itemaudit, item/cxitem). */

export interface ProjectRow {
  id: number;
  code: string;
  name: string;
  ownerDeptId: number;
  ownerName: string;
  typeId: number;
  typeName: string;
  typeNameZh: string;
  subCategoryId: number | null;
  placeId: number;
  placeName: string;
  placeNameZh: string;
  budget: number;
  model: number;
  minParticipants: number;
  guaranteeRequired: boolean;
  guaranteeAmount: number;
  signupStart: string;
  bidDeadline: string;
  openingAt: string;
  publicityDays: number;
  status: string;
  statusReason: string | null;
  reissuedFrom: number | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TimelineEntry {
  id: number;
  action: string;
  actorName: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface ProjectDetail extends ProjectRow {
  qualification: string;
  description: string;
  contactName: string;
  contactTel: string;
  createdBy: number;
  documents: ProjectDocument[];
  timeline: TimelineEntry[];
  actions: ProjectAction[];
}

export interface ProjectInput {
  name: string;
  typeId: number;
  subCategoryId?: number | null;
  placeId: number;
  budget: number;
  model: number;
  minParticipants: number;
  guaranteeRequired: boolean;
  guaranteeAmount: number;
  signupStart: string;
  bidDeadline: string;
  openingAt: string;
  publicityDays: number;
  qualification: string;
  description: string;
  contactName: string;
  contactTel: string;
  documents: string[];
}

export interface ProjectFilters {
  keyword?: string;
  status?: string;
  typeId?: number;
  placeId?: number;
  model?: number;
  ownerDeptId?: number;
  beginTime?: string;
  endTime?: string;
}

export type ProjectListKind = 'all' | 'pending';

export const projectsQuery = (
  kind: ProjectListKind,
  filters: ProjectFilters,
  page: { pageNum: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ['projects', kind, filters, page],
    queryFn: async () => {
      const body = await request(kind === 'pending' ? '/api/projects/pending-audit' : '/api/projects', {
        params: { ...filters, ...page } as Query,
      });
      return { rows: (body.rows ?? []) as ProjectRow[], total: Number(body.total ?? 0) };
    },
    placeholderData: keepPreviousData,
  });

/** The owner organisations whose projects the caller may see, for the owner filter. */
export const projectOwnersQuery = () =>
  queryOptions({
    queryKey: ['projects', 'owners'],
    queryFn: async () => ((await request('/api/projects/owners')).data ?? []) as { id: number; name: string }[],
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
  return (body.data as { id: number }).id;
}

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
