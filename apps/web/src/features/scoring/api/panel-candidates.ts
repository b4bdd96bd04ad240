import type { panelCandidate } from '@lvb/contracts/scoring';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export type PanelCandidate = WireOf<typeof panelCandidate>;

/** The owner organisation's employees who may sit on the project's panel. */
export const panelCandidatesQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['scoring', 'candidates', projectId],
    queryFn: async () => (await request(`/api/scoring/${projectId}/candidates`)).data as PanelCandidate[],
  });
