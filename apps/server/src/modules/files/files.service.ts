import { randomBytes } from 'node:crypto';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@lvb/contracts/limits';
import type { uploadedFile } from '@lvb/contracts/files';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import type { Conn } from '../../lib/crud-repository.ts';
import type { Download } from '../../lib/download.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { contentOf, downloadOf, receiveContent, storeFile, type Content } from './file-storage.ts';
import { checkFile, type UploadKind } from './file-types.ts';
import { allowFileRead } from './files.policy.ts';
import { filesRepository, type FileRow } from './files.repository.ts';

/**
 * The one check of files a record is about to take (a project's documents, an application's
 * qualification files, a bid's proposals): each must be one `userId` uploaded and no record holds
 * yet, or one of `alsoAllowed` (the files of the record being edited or replaced). Refuses the
 * first other name on `field`, in the caller's transaction.
 */
export async function checkOwnUploads(
  tx: Conn,
  o: { names: string[]; userId: number; field: string; what: Text; alsoAllowed?: Iterable<string> },
): Promise<void> {
  const own = new Set([...(await filesRepository.ownedUnattached(tx, o.names, o.userId)), ...(o.alsoAllowed ?? [])]);
  const foreign = o.names.find((name) => !own.has(name));
  if (foreign)
    throw badRequest(
      text(
        `${o.field}: ${foreign} is not a file you uploaded, or it is already in use`,
        `${o.what.zh} ${foreign} 不是您上传的文件，或已被使用`,
      ),
    );
}

export const MAX_UPLOAD_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const FILE_MISSING = text('file does not exist', '文件不存在');

/** One file part of a multipart request: its name and its bytes as they arrive. */
export interface UploadPart {
  filename: string;
  /** `truncated` once the part passed the size limit (the parser then drops the rest). */
  file: AsyncIterable<Buffer> & { truncated?: boolean };
}

/** A part's bytes, refused as soon as they pass the size limit. */
async function* limited(part: UploadPart) {
  const tooLarge = () =>
    badRequest(
      text(
        `${part.filename}: the file is larger than ${UPLOAD_MAX_MB} MB`,
        `${part.filename}：文件大小超过 ${UPLOAD_MAX_MB} MB`,
      ),
    );
  for await (const piece of part.file) {
    if (part.file.truncated) throw tooLarge();
    yield piece;
  }
  if (part.file.truncated) throw tooLarge();
}

/**
 * A stored file as a download, or 404 when its content is missing (a file recorded on disk by an
 * earlier version whose bytes were not found when they moved into the database).
 */
export function fileDownload(db: Db, file: FileRow): Download {
  const download = downloadOf(db, file);
  if (!download) throw notFound(FILE_MISSING);
  return download;
}

/**
 * Stores a document the server made itself (seeds, generated documents) for `uploadedBy`, not yet
 * attached to a record; answers its stored name. In a caller's transaction (`db` a Tx), the file
 * commits or rolls back with the record that issues it.
 */
export async function storeGeneratedFile(
  db: Db | Tx,
  bytes: Buffer,
  meta: {
    originalName: string;
    ext: string;
    mime: string;
    kind: UploadKind;
    uploadedBy: number;
    /** The company the document belongs to (its other users read it too). */
    companyId?: number | null;
  },
): Promise<string> {
  const storedName = `${randomBytes(16).toString('hex')}.${meta.ext}`;
  const { ext: _ext, ...rest } = meta;
  await storeFile(db, { ...rest, storedName }, contentOf(bytes));
  return storedName;
}

/**
 * The whole content of a stored file (a letterhead or seal image a generated document draws), read
 * chunk by chunk in `db` (a transaction sees what it sees); undefined when it is not stored.
 */
export async function readStoredFile(db: Conn, storedName: string): Promise<Buffer | undefined> {
  const file = await filesRepository.findByStoredName(db, storedName);
  if (!file || file.sha256 === null) return undefined;
  const chunks: Buffer[] = [];
  for (let seq = 0; ; seq++) {
    const chunk = await filesRepository.chunk(db, file.id, seq);
    if (!chunk) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Uploads: at most 5 files of 5 MB each, checked by name and by content, stored with their
 * content in the database under a name the server makes. Downloads: only by that name, only to
 * those allowed to see the record the file belongs to.
 */
export function createFilesService({ db }: { db: Db }) {
  return {
    /**
     * Each part is received into chunks (held once, hashed on the way), checked, then recorded
     * with its content in one short transaction: the database is never kept waiting on the
     * client's network. A refused part removes the parts of its request stored before it, so a
     * refused batch leaves nothing behind.
     */
    async upload(
      parts: AsyncIterable<UploadPart>,
      uploader: SignedInUser,
      kinds: UploadKind[],
      recordType: string | null,
    ) {
      const accepted: z.infer<typeof uploadedFile>[] = [];
      const stored: number[] = [];
      try {
        for await (const part of parts) {
          if (accepted.length >= UPLOAD_MAX_FILES)
            throw badRequest(
              text(
                `the number of uploaded files cannot exceed ${UPLOAD_MAX_FILES}`,
                `上传文件数量不能超过 ${UPLOAD_MAX_FILES} 个`,
              ),
            );
          const content: Content = await receiveContent(limited(part));
          const original = part.filename.replace(/[\\/]/g, '_').slice(-200) || 'file';
          const result = await checkFile(original, content, kinds);
          if ('problem' in result) {
            throw badRequest(text(`${original}: ${result.problem.en}`, `${original}：${result.problem.zh}`));
          }
          const kind: UploadKind = ['png', 'jpg', 'jpeg'].includes(result.ext) ? 'image' : 'document';
          const name = `${randomBytes(16).toString('hex')}.${result.ext}`;
          stored.push(
            await storeFile(
              db,
              {
                storedName: name,
                originalName: original,
                mime: result.mime,
                kind,
                uploadedBy: uploader.id,
                companyId: uploader.company?.id ?? null,
                recordType,
              },
              content,
            ),
          );
          accepted.push({
            fileName: name,
            originalFilename: original,
            url: `/common/download?fileName=${name}`,
            size: content.size,
            kind,
          });
        }
      } catch (err) {
        // When this fails too, the orphan sweep removes them after a day.
        await filesRepository.removeIds(db, stored).catch(() => undefined);
        throw err;
      }
      if (accepted.length === 0) throw badRequest(text('choose a file to upload', '请选择要上传的文件'));
      return accepted;
    },

    /** A file for `actor` to download. */
    async open(actor: SignedInUser, storedName: string): Promise<Download> {
      const file = await filesRepository.findByStoredName(db, storedName);
      if (!file) throw notFound(FILE_MISSING);
      if (!allowFileRead(actor, file)) throw forbidden();
      return fileDownload(db, file);
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
