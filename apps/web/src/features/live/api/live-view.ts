import { LIVE_POLL_MS, type liveView } from '@lvb/contracts/live';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { RequestError, request } from '@/shared/lib/request';

export type LiveView = WireOf<typeof liveView>;
export type LiveOpening = NonNullable<LiveView['opening']>;
export type LiveBid = LiveOpening['bids'][number];
export type LiveDraw = NonNullable<LiveView['draw']>;

/** An answer with the moment it arrived (browser clock), to run the server's clock on from it. */
export interface LiveAnswer {
  view: LiveView;
  receivedAt: number;
}

/** The project's 404: not there, or the reader takes no part in it. Reading again will not help. */
export const isNotParticipant = (error: unknown) => error instanceof RequestError && error.code === 404;

/**
 * `GET /api/live/:id`, read every LIVE_POLL_MS while the page is open, in the background too:
 * each read records the reader present. Quiet: a failed read is shown by the page, not toasted
 * every few seconds.
 */
export const liveViewQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['live', projectId],
    queryFn: async ({ signal }): Promise<LiveAnswer> => {
      const answer = await request(`/api/live/${projectId}`, { quiet: true, signal });
      return { view: answer.data as LiveView, receivedAt: Date.now() };
    },
    refetchInterval: (query) => (isNotParticipant(query.state.error) ? false : LIVE_POLL_MS),
    refetchIntervalInBackground: true,
    // Always fresh: a remount reads at once (the reader is present again).
    staleTime: 0,
    retry: false,
  });
