import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request, type Query } from '@/lib/request';

/** Public side (no token needed): hall options, projects, announcements; a supplier's follows. */

export interface PlaceNode {
  id: number;
  label: string;
  labelZh: string;
  children?: PlaceNode[];
}
export interface HallOptions {
  types: { id: number; code: string; name: string; nameZh: string; valueLimit: number | null }[];
  subCategories: { id: number; typeId: number; name: string; nameZh: string }[];
  places: PlaceNode[];
}

export interface HallProject {
  id: number;
  code: string;
  name: string;
  ownerName: string;
  typeId: number;
  typeName: string;
  typeNameZh: string;
  placeId: number;
  placeName: string;
  placeNameZh: string;
  budget: number;
  model: number;
  guaranteeRequired: boolean;
  guaranteeAmount: number;
  signupStart: string;
  bidDeadline: string;
  openingAt: string;
  status: string;
  publishedAt: string | null;
  followedAt?: string;
}

export interface NoticeSummary {
  id: number;
  title: string;
  noticeType: string;
  projectId: number | null;
  createdAt: string;
}
export interface ProjectDocument {
  fileName: string;
  originalName: string;
  size: number;
}
export interface HallProjectDetail extends HallProject {
  qualification: string;
  description: string;
  contactName: string;
  contactTel: string;
  minParticipants: number;
  statusReason: string | null;
  documents: ProjectDocument[];
  notices: NoticeSummary[];
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface HallFilters {
  keyword?: string;
  typeId?: number;
  placeId?: number;
  model?: number;
  status?: 'open' | 'closed' | 'all';
  sort?: 'published' | 'deadline' | 'budget';
  order?: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

async function list<T>(url: string, params: Query, withToken = true): Promise<Paged<T>> {
  const body = await request(url, { params, withToken });
  return { rows: (body.rows ?? []) as T[], total: Number(body.total ?? 0) };
}

export const hallOptionsQuery = queryOptions({
  queryKey: ['hall', 'options'],
  queryFn: async (): Promise<HallOptions> =>
    (await request('/api/hall/options', { withToken: false })).data as HallOptions,
  staleTime: 5 * 60_000,
});

export const hallProjectsQuery = (filters: HallFilters) =>
  queryOptions({
    queryKey: ['hall', 'projects', filters],
    queryFn: () => list<HallProject>('/api/hall/projects', { ...filters }, false),
    placeholderData: keepPreviousData,
  });

export const hallProjectQuery = (id: number) =>
  queryOptions({
    queryKey: ['hall', 'project', id],
    queryFn: async (): Promise<HallProjectDetail> =>
      (await request(`/api/hall/projects/${id}`, { withToken: false, quiet: true })).data as HallProjectDetail,
    retry: false,
  });

export const hallDocumentUrl = (id: number, fileName: string) =>
  `/api/hall/projects/${id}/documents/${encodeURIComponent(fileName)}`;

export interface NoticeFilters {
  noticeType?: string;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export const publicNoticesQuery = (filters: NoticeFilters) =>
  queryOptions({
    queryKey: ['public-notices', filters],
    queryFn: () => list<NoticeSummary>('/api/public/notices', { ...filters }, false),
    placeholderData: keepPreviousData,
  });

export const publicNoticeQuery = (id: number) =>
  queryOptions({
    queryKey: ['public-notice', id],
    queryFn: async (): Promise<NoticeSummary & { content: string }> =>
      (await request(`/api/public/notices/${id}`, { withToken: false, quiet: true })).data as NoticeSummary & {
        content: string;
      },
    retry: false,
  });

// A supplier's follows.
export const followStateQuery = (id: number) =>
  queryOptions({
    queryKey: ['follows', 'state', id],
    queryFn: async (): Promise<boolean> =>
      Boolean(((await request(`/api/supplier/follows/${id}`, { quiet: true })).data as { followed: boolean }).followed),
  });

export const followsQuery = (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['follows', 'list', page],
    queryFn: () => list<HallProject>('/api/supplier/follows', page),
    placeholderData: keepPreviousData,
  });

export const follow = (id: number) => request(`/api/supplier/follows/${id}`, { method: 'POST' });
export const unfollow = (id: number) => request(`/api/supplier/follows/${id}`, { method: 'DELETE' });
