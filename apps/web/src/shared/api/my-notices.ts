import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { noticeDetail } from '@lvb/contracts/notices';
import type { WireOf } from '@lvb/contracts/wire';
import { pagedList } from '@/shared/api/paged-list';
import { request } from '@/shared/lib/request';

export type MyNotice = WireOf<typeof noticeDetail>;

/** Published notices of one reading, newest first; the key starts with `notices`, which edits refresh. */
const publishedNotices = (url: string, key: string) => (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['notices', key, page],
    queryFn: () => pagedList<MyNotice>(url, page),
    placeholderData: keepPreviousData,
  });

/** The signed-in person's notices: everyone's and their side's (the home page). */
export const myNoticesQuery = publishedNotices('/api/notices/mine', 'mine');
/** sup/supPub: everyone's and the suppliers' notices, open to holders of supplier:notice:list. */
export const supplierNoticesQuery = publishedNotices('/api/supplier/notices', 'supplier');

/** A supplier opened notice `id`: the server records it read (the home page's unread count). */
export const openSupplierNotice = (id: number) => request(`/api/supplier/notices/${id}`, { quiet: true });
