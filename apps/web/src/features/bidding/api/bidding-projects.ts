import type { biddingProjectRow } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export type BiddingProject = WireOf<typeof biddingProjectRow>;

/** The sealed-bid models and their pages: 2 price competition (`web/bidding2`), 3 best value (`web/bidding3`). */
export type BiddingModel = 2 | 3;
export const biddingPath = (model: BiddingModel) => `/api/bidding${model}`;

/** The projects of `model` the company is qualified for, with its receipts (never prices). */
export const biddingProjectsQuery = (model: BiddingModel) =>
  queryOptions({
    queryKey: ['bidding', model, 'projects'],
    queryFn: async () => ((await request(`${biddingPath(model)}/projects`)).rows ?? []) as BiddingProject[],
  });
