import type { projectResult } from '@lvb/contracts/results';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';
import { RESULTS_URL } from './results-list';

export type ProjectResult = WireOf<typeof projectResult>;
export type RankLine = ProjectResult['ranking'][number];
export type Objection = ProjectResult['objections'][number];
export type Confirmation = NonNullable<ProjectResult['confirmation']>;

/** One project's result: ranking with each application's status, winner, confirmation, objections. */
export const resultQuery = (projectId: number) =>
  queryOptions({
    // Under the list's prefix, so that every step refetches the list and the detail together.
    queryKey: [RESULTS_URL, 'detail', projectId],
    queryFn: async () => (await request(`${RESULTS_URL}/${projectId}`)).data as ProjectResult,
  });
