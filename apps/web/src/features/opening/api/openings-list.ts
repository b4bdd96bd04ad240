import type { OPENING_TABS, openingRow } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pagedList } from '@/shared/api/paged-list';

export type OpeningRow = WireOf<typeof openingRow>;
export type OpeningTab = (typeof OPENING_TABS)[number];

/** The sealed-bid models whose bids are opened: 2 price competition, 3 best value. */
export type OpeningModel = 2 | 3;

/** The projects of one model and tab of the opening page (the opened tab holds both models). */
export const openingsQuery = (
  model: OpeningModel,
  tab: OpeningTab,
  keyword: string,
  page: { pageNum: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ['openings', model, tab, keyword, page],
    queryFn: () => pagedList<OpeningRow>('/api/openings', { model, tab, keyword: keyword || undefined, ...page }),
    placeholderData: keepPreviousData,
  });
