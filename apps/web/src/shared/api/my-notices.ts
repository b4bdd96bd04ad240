import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { noticeDetail } from '@lvb/contracts/notices';
import type { WireOf } from '@lvb/contracts/wire';
import { pagedList } from '@/shared/api/paged-list';

export type MyNotice = WireOf<typeof noticeDetail>;

/** Published notices for the signed-in supplier (everyone's and the suppliers'), newest first. */
export const myNoticesQuery = (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['notices', 'mine', page],
    queryFn: () => pagedList<MyNotice>('/api/notices/mine', page),
    placeholderData: keepPreviousData,
  });
