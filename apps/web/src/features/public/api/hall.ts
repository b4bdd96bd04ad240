import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';
import type { publicNotice, publicNoticeSummary } from '@lvb/contracts/notices';
import type { hallProjectDetail } from '@lvb/contracts/project-rows';
import type { hallQuery } from '@lvb/contracts/projects';
import type { WireOf } from '@lvb/contracts/wire';
import type { z } from 'zod';
import type { HallProject } from '@/shared/api/hall-projects';
import { pagedList } from '@/shared/api/paged-list';

/** Public side (no token needed): projects of the hall and announcements. */

export type NoticeSummary = WireOf<typeof publicNoticeSummary>;
export type HallProjectDetail = WireOf<typeof hallProjectDetail>;

/** The hall's search with its page; what is left out takes the server's default. */
export type HallFilters = Partial<z.output<typeof hallQuery>> & { pageNum: number; pageSize: number };

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
    // A project found missing stays so while the page is open (its retry button asks again); a
    // page drawn on the server hydrates into its not-found state instead of loading again.
    retryOnMount: false,
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
    queryFn: async () =>
      (await request(`/api/public/notices/${id}`, { withToken: false, quiet: true })).data as WireOf<
        typeof publicNotice
      >,
    retry: false,
    retryOnMount: false,
  });
