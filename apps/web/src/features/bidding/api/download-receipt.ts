import { downloadGet } from '@/shared/lib/download';
import { biddingPath, type BiddingModel } from './bidding-projects';

/** Saves the receipt of one of the company's bids, as PDF or text. */
export const downloadReceipt = (model: BiddingModel, bidId: number, format: 'pdf' | 'txt') =>
  downloadGet(`${biddingPath(model)}/bids/${bidId}/receipt`, { format }, `bid-receipt-${bidId}.${format}`);
