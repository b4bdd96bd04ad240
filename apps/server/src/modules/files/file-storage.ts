import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db, Tx } from '../../db/client.ts';
import type { Download } from '../../lib/download.ts';
import { filesRepository, type FileRow, type NewFile } from './files.repository.ts';

/**
 * File contents live in the database beside their metadata (table `file_chunks`), so every
 * server instance on the database serves every file and one `pg_dump` backs up both.
 */

/** Names are always server-made: never a path from a request. */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** Bytes per stored chunk: a 5 MB upload is 20 rows; a range read fetches only its chunks. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** A content received in chunks of `FILE_CHUNK_BYTES`, held once, with its size and SHA-256. */
export interface Content {
  chunks: Buffer[];
  size: number;
  sha256: string;
}

/**
 * Reads `source` into chunks of `FILE_CHUNK_BYTES` while hashing it. Each piece of the source is
 * copied once into its chunk and let go, so the content is held once, never joined into one
 * buffer.
 */
export async function receiveContent(source: AsyncIterable<Buffer>): Promise<Content> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let current: Buffer | undefined;
  let filled = 0;
  let size = 0;
  for await (const piece of source) {
    hash.update(piece);
    size += piece.length;
    let offset = 0;
    while (offset < piece.length) {
      current ??= Buffer.allocUnsafe(FILE_CHUNK_BYTES);
      const n = piece.copy(current, filled, offset);
      filled += n;
      offset += n;
      if (filled === FILE_CHUNK_BYTES) {
        chunks.push(current);
        current = undefined;
        filled = 0;
      }
    }
  }
  // The short last chunk keeps only its bytes.
  if (current && filled > 0) chunks.push(Buffer.from(current.subarray(0, filled)));
  return { chunks, size, sha256: hash.digest('hex') };
}

/** A content already in memory (seeds, generated documents), cut into chunks without copying. */
export function contentOf(bytes: Buffer): Content {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += FILE_CHUNK_BYTES)
    chunks.push(bytes.subarray(offset, offset + FILE_CHUNK_BYTES));
  return { chunks, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The content as a byte stream (the content check reads its beginning). */
export const contentReader = (content: Content) => Readable.from(content.chunks, { objectMode: false });

/**
 * Records a file and writes its content in one transaction: there is never a file row without
 * its whole content, nor chunks without their row. Answers the file's id.
 */
export async function storeFile(
  db: Db | Tx,
  meta: Omit<NewFile, 'id' | 'size' | 'sha256'>,
  content: Content,
): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await filesRepository.insert(tx, { ...meta, size: content.size, sha256: content.sha256 });
    for (const [seq, chunk] of content.chunks.entries()) await filesRepository.insertChunk(tx, id, seq, chunk);
    return id;
  });
}

/**
 * Writes the content of a file recorded without it (see `moveFilesFromDisk`), unless another
 * instance did meanwhile. Answers whether this call wrote it.
 */
export async function fillContent(db: Db, fileId: number, content: Content): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await filesRepository.lockWithoutContent(tx, fileId))) return false;
    for (const [seq, chunk] of content.chunks.entries()) await filesRepository.insertChunk(tx, fileId, seq, chunk);
    await filesRepository.setContent(tx, fileId, content.size, content.sha256);
    return true;
  });
}

/**
 * The bytes `start`..`end` (inclusive) of a stored file, read one chunk at a time as the reader
 * takes them: a download holds about one chunk in memory, and each read is a short statement of
 * its own (no transaction: chunks never change once written).
 */
export function contentStream(db: Db, fileId: number, start: number, end: number): Readable {
  let seq = Math.floor(start / FILE_CHUNK_BYTES);
  const lastSeq = Math.floor(end / FILE_CHUNK_BYTES);
  return new Readable({
    highWaterMark: FILE_CHUNK_BYTES,
    read() {
      if (seq > lastSeq) {
        this.push(null);
        return;
      }
      const at = seq++;
      filesRepository.chunk(db, fileId, at).then(
        (chunk) => {
          if (!chunk) {
            this.destroy(new Error(`file ${fileId}: chunk ${at} is missing`));
            return;
          }
          const from = at === Math.floor(start / FILE_CHUNK_BYTES) ? start % FILE_CHUNK_BYTES : 0;
          const to = at === lastSeq ? (end % FILE_CHUNK_BYTES) + 1 : chunk.length;
          this.push(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to));
        },
        (err: Error) => this.destroy(err),
      );
    },
  });
}

/** A stored file as a download, or undefined when its content is not in the database. */
export function downloadOf(db: Db, file: FileRow): Download | undefined {
  if (file.sha256 === null) return undefined;
  return {
    fileName: file.originalName,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    read: (start, end) => contentStream(db, file.id, start, end),
  };
}
