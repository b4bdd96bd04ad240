import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** How often the opening page reports its reader present (the live page reads more often). */
export const PRESENCE_PING_MS = 15_000;

/**
 * Reads the project's live view in the background while an unopened opening is shown: each read
 * records the reader present, so a supervisor on this page counts as present at the opening (it
 * requires one seen within the last minute). The answer is not used; a failure is not shown.
 */
export const presencePingQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['live-presence', projectId],
    queryFn: async ({ signal }) => {
      await request(`/api/live/${projectId}`, { quiet: true, signal });
      return true;
    },
    refetchInterval: PRESENCE_PING_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
