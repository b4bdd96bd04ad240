import { downloadGet } from '@/shared/lib/download';

/** Saves the receipt of one of the company's bids, as PDF or text. */
export const downloadReceipt = (bidId: number, format: 'pdf' | 'txt') =>
  downloadGet(`/api/bidding2/bids/${bidId}/receipt`, { format }, `bid-receipt-${bidId}.${format}`);
