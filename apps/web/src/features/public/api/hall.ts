import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';
import { pagedList, type HallProject, type ProjectDocument } from '@/shared/api/hall-projects';

/** Public side (no token needed): projects of the hall and announcements. */

export interface NoticeSummary {
  id: number;
  title: string;
  noticeType: string;
  projectId: number | null;
  createdAt: string;
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

export const hallProjectsQuery = (filters: HallFilters) =>
  queryOptions({
    queryKey: ['hall', 'projects', filters],
    queryFn: () => pagedList<HallProject>('/api/hall/projects', { ...filters }, false),
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
    queryFn: () => pagedList<NoticeSummary>('/api/public/notices', { ...filters }, false),
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
