import { downloadGet } from '@/shared/lib/download';

/** Saves one of a valid bid's technical proposal files under its original name. */
export const downloadProposal = (projectId: number, bidId: number, fileName: string, originalName: string) =>
  downloadGet(`/api/scoring/${projectId}/bids/${bidId}/files/${encodeURIComponent(fileName)}`, {}, originalName);
