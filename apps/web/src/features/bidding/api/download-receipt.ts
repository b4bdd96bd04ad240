import { downloadGet } from '@/shared/lib/download';
import { biddingPath, type BiddingModel } from './bidding-projects';

/**
 * Saves the receipt of one of the company's bids, as PDF or text. Never rejects: a failed
 * download has been shown by the download helper.
 */
export const downloadReceipt = (model: BiddingModel, bidId: number, format: 'pdf' | 'txt'): Promise<void> =>
  downloadGet(`${biddingPath(model)}/bids/${bidId}/receipt`, { format }, `bid-receipt-${bidId}.${format}`).catch(
    () => undefined,
  );
