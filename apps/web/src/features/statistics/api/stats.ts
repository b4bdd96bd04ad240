import type { bidRecordRow, ProgressStep, progressRow, progressSummary } from '@lvb/contracts/stats';
import type { projectOwner } from '@lvb/contracts/project-rows';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request, type Query } from '@/shared/lib/request';

/** Queries and statistics: project progress (`seach/bidsc`) and bid records (`seach/bidhistory`). */

export type ProgressRow = WireOf<typeof progressRow>;
export type ProgressSummary = WireOf<typeof progressSummary>;
export type BidRecordRow = WireOf<typeof bidRecordRow>;
export type { ProgressStep };

export const PROGRESS_URL = '/api/stats/progress';
export const BIDS_URL = '/api/stats/bids';

/** The filtered projects counted by status, and the overdue ones: the same filter as the list. */
export const progressSummaryQuery = (filter: Query) =>
  queryOptions({
    // Under the list's prefix: the toolbar's refresh refetches it with the rows.
    queryKey: [PROGRESS_URL, 'summary', filter],
    queryFn: async ({ signal }) =>
      (await request(`${PROGRESS_URL}/summary`, { params: filter, signal })).data as ProgressSummary,
  });

/**
 * The owner organisations of the projects the caller may see (the owner filter): the project
 * query's call, under its key, so the two pages share it.
 */
export const ownerOptionsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'owners'],
    queryFn: async () => ((await request('/api/projects/owners')).data ?? []) as WireOf<typeof projectOwner>[],
    staleTime: 60_000,
  });
