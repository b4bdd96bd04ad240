import type { openingRecord } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';
import { biddingPath, type BiddingModel } from './bidding-projects';

export type OpeningRecord = WireOf<typeof openingRecord>;

/** A project's opening record, once its bids are opened. */
export const openingRecordQuery = (model: BiddingModel, projectId: number) =>
  queryOptions({
    queryKey: ['bidding', model, 'opening', projectId],
    queryFn: async () => (await request(`${biddingPath(model)}/projects/${projectId}/opening`)).data as OpeningRecord,
  });

/**
 * The receipt of a line of the record, recomputed here from the fields it publishes: SHA-256 of
 * the canonical bid (the record's `receiptRule`).
 */
export async function recomputeReceipt(projectId: number, line: OpeningRecord['bids'][number]): Promise<string> {
  const canonical = JSON.stringify({
    projectId,
    applicationId: line.applicationId,
    priceFen: line.priceFen,
    submittedAt: line.submittedAt,
    nonce: line.nonce,
  });
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
