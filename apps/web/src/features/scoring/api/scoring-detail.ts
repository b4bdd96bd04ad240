import type { scoringDetail } from '@lvb/contracts/scoring';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export type ScoringDetail = WireOf<typeof scoringDetail>;
export type ScoredBid = ScoringDetail['bids'][number];
export type Criterion = ScoringDetail['criteria'][number];
export type Score = NonNullable<ScoringDetail['myScores']>['scores'][number];

/** One project's scoring: criteria, panel, bids, the scores once every member submitted, what the caller may do. */
export const scoringDetailQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['scoring', 'detail', projectId],
    queryFn: async () => (await request(`/api/scoring/${projectId}`)).data as ScoringDetail,
  });
