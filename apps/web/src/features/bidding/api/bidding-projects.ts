import type { biddingProjectRow } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export type BiddingProject = WireOf<typeof biddingProjectRow>;

/** The price-competition projects the company is qualified for, with its receipts (never prices). */
export const biddingProjectsQuery = () =>
  queryOptions({
    queryKey: ['bidding2', 'projects'],
    queryFn: async () => ((await request('/api/bidding2/projects')).rows ?? []) as BiddingProject[],
  });
