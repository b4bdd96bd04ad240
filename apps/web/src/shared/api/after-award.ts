import { downloadGet } from '@/shared/lib/download';

/**
 * Downloads of what follows an award, shared by the owner's, finance's and the winner's pages:
 * a file by the stored name its upload answered (contract files, a fee voucher, objection files),
 * and the award notice PDF. A failed download has been shown by the download helper.
 */
export const downloadStoredFile = (fileName: string, saveAs = fileName) =>
  downloadGet('/common/download', { fileName }, saveAs).catch(() => undefined);

export const downloadAwardNotice = (projectId: number, number: string) =>
  downloadGet(`/api/results/${projectId}/award-notice`, {}, `${number}.pdf`).catch(() => undefined);
