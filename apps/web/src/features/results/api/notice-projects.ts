import type { projectRow } from '@lvb/contracts/project-rows';
import { PUBLIC_STATUSES } from '@lvb/contracts/project-workflow';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { pagedList } from '@/shared/api/paged-list';

type ProjectRow = WireOf<typeof projectRow>;
export type NoticeProject = Pick<ProjectRow, 'id' | 'code' | 'name' | 'status'>;

/** Notices go to projects the public can see: published or later, not cancelled. */
const NOTICE_STATUSES: readonly string[] = PUBLIC_STATUSES.filter((s) => s !== 'cancelled');

/** The projects in the caller's scope a notice may be written for, found by name or code. */
export const noticeProjectsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['projects', 'notice-choice', keyword],
    queryFn: async (): Promise<NoticeProject[]> => {
      const page = await pagedList<ProjectRow>('/api/projects', {
        keyword: keyword || undefined,
        pageNum: 1,
        pageSize: 50,
      });
      return page.rows.filter((p) => NOTICE_STATUSES.includes(p.status));
    },
    staleTime: 30_000,
  });
