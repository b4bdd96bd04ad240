import { z } from 'zod';

/** Response shapes of uploads and of the documents attached to a record. */

export const uploadedFile = z.object({
  fileName: z.string(),
  originalFilename: z.string(),
  url: z.string(),
  size: z.number(),
  kind: z.string(),
});
/** The first file's name at the top level, as the spec's upload answer has it; all in `files`. */
export const uploadResult = z.object({
  fileName: z.string(),
  originalFilename: z.string(),
  url: z.string(),
  files: z.array(uploadedFile),
});
/** A document attached to a record, by its opaque stored name. */
export const attachedDocument = z.object({ fileName: z.string(), originalName: z.string(), size: z.number() });
