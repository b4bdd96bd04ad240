import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from './attachment.ts';

/** A stored file as a download answers it: what it is, and its bytes on demand. */
export interface Download {
  /** The name the browser saves it under. */
  fileName: string;
  mime: string;
  size: number;
  /** SHA-256 of the content: its entity tag. */
  sha256: string;
  /** The bytes `start`..`end`, both included. */
  read(start: number, end: number): Readable;
}

/**
 * Only PDFs and images answer ranges and revalidation: readers fetch the pages of a large PDF
 * by range, and a browser keeps an image and asks whether it changed. Other types always come
 * whole and are never kept.
 */
const servesPartially = (mime: string) => mime === 'application/pdf' || mime.startsWith('image/');

/**
 * The one range of a `Range: bytes=…` header within `size` bytes: `{start, end}` (inclusive),
 * `'unsatisfiable'`, or undefined when the header is absent or not a single byte range (the
 * whole content is then answered, as RFC 9110 allows).
 */
export function byteRange(header: string | undefined, size: number) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable' as const;
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable' as const;
  return { start, end };
}

/** Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 asks for it). */
function noneMatch(header: string, etag: string) {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a download: always as an attachment with its type, length and `nosniff`. PDFs and
 * images carry their SHA-256 as entity tag, answer 304 to a matching `If-None-Match`, and answer
 * a single `Range` (206, or 416 beyond the end; an `If-Range` naming another version gets the
 * whole file).
 */
export function sendDownload(req: FastifyRequest, reply: FastifyReply, d: Download) {
  void reply
    .header('content-type', d.mime)
    .header('content-disposition', attachmentDisposition(d.fileName))
    .header('x-content-type-options', 'nosniff');
  if (!servesPartially(d.mime)) {
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-length', d.size)
      .send(d.read(0, d.size - 1));
  }
  const etag = `"${d.sha256}"`;
  // Kept by the browser, but asked about on every use: the access check runs each time.
  void reply.header('etag', etag).header('accept-ranges', 'bytes').header('cache-control', 'private, no-cache');
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && noneMatch(ifNoneMatch, etag)) return reply.status(304).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? byteRange(req.headers.range, d.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${d.size}`).header('content-length', 0).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${d.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(d.read(range.start, range.end));
  }
  return reply.header('content-length', d.size).send(d.read(0, d.size - 1));
}
