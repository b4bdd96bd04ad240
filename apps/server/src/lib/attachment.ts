/**
 * The `content-disposition` of a download: the file name in ASCII for old clients and in UTF-8
 * for the rest, never shown inline.
 */
export const attachmentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
