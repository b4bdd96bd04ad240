import type { bidReceipt } from '@lvb/contracts/bids';
import type { WireOf } from '@lvb/contracts/wire';
import { request } from '@/shared/lib/request';

export type BidReceipt = WireOf<typeof bidReceipt>;

/**
 * Seals a price. `idempotencyKey` is kept by the caller for one price: a retry after a lost answer
 * sends the same key and gets the first receipt instead of a second bid.
 */
export async function submitBid(projectId: number, priceFen: number, idempotencyKey: string): Promise<BidReceipt> {
  const body = await request(`/api/bidding2/projects/${projectId}/bids`, {
    method: 'POST',
    data: { priceFen },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return body.data as BidReceipt;
}
