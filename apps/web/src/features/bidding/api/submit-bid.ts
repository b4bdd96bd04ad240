import type { bidReceipt } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { request } from '@/shared/lib/request';
import { biddingPath, type BiddingModel } from './bidding-projects';

export type BidReceipt = WireOf<typeof bidReceipt>;

/** What a bid carries: the price in fen, and for a best-value bid the proposal files by stored name. */
export interface BidInput {
  priceFen: number;
  proposals?: string[];
}

/**
 * Seals a bid. `idempotencyKey` is kept by the caller for one bid: a retry after a lost answer
 * sends the same key and gets the first receipt instead of a second bid.
 */
export async function submitBid(
  model: BiddingModel,
  projectId: number,
  bid: BidInput,
  idempotencyKey: string,
): Promise<BidReceipt> {
  const body = await request(`${biddingPath(model)}/projects/${projectId}/bids`, {
    method: 'POST',
    data: bid,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return body.data as BidReceipt;
}
