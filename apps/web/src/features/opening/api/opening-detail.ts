import type { openingDetail } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export type OpeningDetail = WireOf<typeof openingDetail>;
export type OpeningRecord = NonNullable<OpeningDetail['record']>;

/** One project's opening: witnesses, what the caller may do now, the record once opened. */
export const openingDetailQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['openings', 'detail', projectId],
    queryFn: async () => (await request(`/api/openings/${projectId}`)).data as OpeningDetail,
  });
