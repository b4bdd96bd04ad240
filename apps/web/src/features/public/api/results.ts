import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ResultCode } from '@lvb/contracts/errors';
import type { PUBLIC_RESULT_KINDS, publicResult, publicResultRow } from '@lvb/contracts/results';
import type { WireOf } from '@lvb/contracts/wire';
import { pagedList } from '@/shared/api/paged-list';
import { request, RequestError } from '@/shared/lib/request';

/** The public results (no token): `/resultpub` and the project page. */

export type PublicResultRow = WireOf<typeof publicResultRow>;
export type PublicResult = WireOf<typeof publicResult>;
export type PublicResultKind = (typeof PUBLIC_RESULT_KINDS)[number];

/** The kinds, in their tabs' order (a copy of the contracts' list: this page loads no zod). */
export const RESULT_KINDS = ['publicity', 'awarded', 'failed'] as const satisfies readonly PublicResultKind[];

export interface PublicResultFilters {
  kind: PublicResultKind;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export const publicResultsQuery = (filters: PublicResultFilters) =>
  queryOptions({
    queryKey: ['public-results', filters],
    queryFn: () => pagedList<PublicResultRow>('/api/public/results', { ...filters }, false),
    placeholderData: keepPreviousData,
  });

/** A project's result; null while it has none (the server answers 404). */
export const publicResultQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['public-result', projectId],
    queryFn: async (): Promise<PublicResult | null> => {
      try {
        return (await request(`/api/public/results/${projectId}`, { withToken: false, quiet: true }))
          .data as PublicResult;
      } catch (error) {
        if (error instanceof RequestError && error.code === ResultCode.notFound) return null;
        throw error;
      }
    },
    retry: false,
  });
