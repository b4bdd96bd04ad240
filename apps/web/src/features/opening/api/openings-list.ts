import type { OPENING_TABS, openingRow } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pagedList } from '@/shared/api/paged-list';

export type OpeningRow = WireOf<typeof openingRow>;
export type OpeningTab = (typeof OPENING_TABS)[number];

/** The price-competition projects of one tab of the opening page. */
export const openingsQuery = (tab: OpeningTab, keyword: string, page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['openings', tab, keyword, page],
    queryFn: () => pagedList<OpeningRow>('/api/openings', { tab, keyword: keyword || undefined, ...page }),
    placeholderData: keepPreviousData,
  });
