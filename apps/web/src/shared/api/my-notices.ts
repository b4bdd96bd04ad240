import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export interface MyNotice {
  id: number;
  title: string;
  noticeType: string;
  audience: string;
  createdAt: string;
  createdByName: string | null;
  content: string;
}

/** Published notices for the signed-in supplier (everyone's and the suppliers'), newest first. */
export const myNoticesQuery = (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['notices', 'mine', page],
    queryFn: async () => {
      const body = await request('/api/notices/mine', { params: page });
      return { rows: (body.rows ?? []) as MyNotice[], total: Number(body.total ?? 0) };
    },
    placeholderData: keepPreviousData,
  });
