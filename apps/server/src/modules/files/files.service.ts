import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@lvb/contracts/limits';
import type { uploadedFile } from '@lvb/contracts/files';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { FileStorage } from './file-storage.ts';
import { checkFile, type UploadKind } from './file-types.ts';
import { allowFileRead } from './files.policy.ts';
import { filesRepository, type FileRow } from './files.repository.ts';

export const MAX_UPLOAD_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const FILE_MISSING = text('file does not exist', '文件不存在');

/** One file part of a multipart request. */
export interface UploadPart {
  filename: string;
  toBuffer(): Promise<Buffer>;
}

/**
 * Uploads: at most 5 files of 5 MB each, checked by name and by content, stored under a name the
 * server makes. Downloads: only by that name, only to those allowed to see the record the file
 * belongs to.
 */
export function createFilesService({ db, storage }: { db: Db; storage: FileStorage }) {
  return {
    async upload(
      parts: AsyncIterable<UploadPart>,
      uploader: SignedInUser,
      kinds: UploadKind[],
      recordType: string | null,
    ) {
      const staged: { name: string; bytes: Buffer; ext: string; mime: string; kind: UploadKind }[] = [];
      for await (const part of parts) {
        if (staged.length >= UPLOAD_MAX_FILES)
          throw badRequest(
            text(
              `the number of uploaded files cannot exceed ${UPLOAD_MAX_FILES}`,
              `上传文件数量不能超过 ${UPLOAD_MAX_FILES} 个`,
            ),
          );
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          throw badRequest(
            text(
              `${part.filename}: the file is larger than ${UPLOAD_MAX_MB} MB`,
              `${part.filename}：文件大小超过 ${UPLOAD_MAX_MB} MB`,
            ),
          );
        }
        const original = part.filename.replace(/[\\/]/g, '_').slice(-200) || 'file';
        const result = await checkFile(original, bytes, kinds);
        if ('problem' in result) {
          throw badRequest(text(`${original}: ${result.problem.en}`, `${original}：${result.problem.zh}`));
        }
        const kind: UploadKind = ['png', 'jpg', 'jpeg'].includes(result.ext) ? 'image' : 'document';
        staged.push({ name: original, bytes, kind, ...result });
      }
      if (staged.length === 0) throw badRequest(text('choose a file to upload', '请选择要上传的文件'));
      // Every file is checked before any is stored: a refused batch leaves nothing behind.
      const accepted: z.infer<typeof uploadedFile>[] = [];
      for (const f of staged) {
        const name = `${randomBytes(16).toString('hex')}.${f.ext}`;
        await storage.save(name, f.bytes);
        await filesRepository.insert(db, {
          storedName: name,
          originalName: f.name,
          mime: f.mime,
          size: f.bytes.length,
          kind: f.kind,
          uploadedBy: uploader.id,
          companyId: uploader.company?.id ?? null,
          recordType,
        });
        accepted.push({
          fileName: name,
          originalFilename: f.name,
          url: `/common/download?fileName=${name}`,
          size: f.bytes.length,
          kind: f.kind,
        });
      }
      return accepted;
    },

    /** A file for `actor` to download, with its bytes. */
    async open(actor: SignedInUser, storedName: string): Promise<{ file: FileRow; stream: Readable }> {
      const file = await filesRepository.findByStoredName(db, storedName);
      if (!file) throw notFound(FILE_MISSING);
      if (!allowFileRead(actor, file)) throw forbidden();
      return { file, stream: await openStored(storage, file) };
    },

    /** A document attached to a record, for the record's public page to serve. */
    async openAttached(recordType: string, recordId: number, storedName: string) {
      const file = await filesRepository.findAttached(db, recordType, recordId, storedName);
      if (!file) throw notFound(FILE_MISSING);
      return { file, stream: await openStored(storage, file) };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

async function openStored(storage: FileStorage, file: FileRow) {
  const stream = await storage.open(file.storedName);
  if (!stream) throw notFound(FILE_MISSING);
  return stream;
}
