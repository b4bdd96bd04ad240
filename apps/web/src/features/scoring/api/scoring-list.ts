import type { SCORING_TABS, scoringRow } from '@lvb/contracts/scoring';
import type { WireOf } from '@lvb/contracts/wire';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pagedList } from '@/shared/api/paged-list';

export type ScoringRow = WireOf<typeof scoringRow>;
export type ScoringTab = (typeof SCORING_TABS)[number];

/** The best-value projects of one tab of the scoring page. */
export const scoringListQuery = (tab: ScoringTab, keyword: string, page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['scoring', tab, keyword, page],
    queryFn: () => pagedList<ScoringRow>('/api/scoring', { tab, keyword: keyword || undefined, ...page }),
    placeholderData: keepPreviousData,
  });
