import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentOf, FILE_CHUNK_BYTES, receiveContent } from './file-storage.ts';

describe('receiveContent', () => {
  it('cuts a stream of any piece sizes into whole chunks and a short last one, with its SHA-256', async () => {
    const bytes = randomBytes(2 * FILE_CHUNK_BYTES + 12_345);
    // Pieces of odd sizes, as a network delivers them.
    const pieces: Buffer[] = [];
    for (let offset = 0, n = 1; offset < bytes.length; offset += n, n = (n * 7 + 13) % 100_000)
      pieces.push(bytes.subarray(offset, offset + n));
    const content = await receiveContent(Readable.from(pieces));
    expect(content.chunks.map((c) => c.length)).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 12_345]);
    expect(Buffer.concat(content.chunks).equals(bytes)).toBe(true);
    expect(content.size).toBe(bytes.length);
    expect(content.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(contentOf(bytes)).toEqual(content);
  });

  it('answers no chunk for an empty stream, and one for an exact chunk', async () => {
    expect((await receiveContent(Readable.from([]))).chunks).toEqual([]);
    const exact = await receiveContent(Readable.from([randomBytes(FILE_CHUNK_BYTES)]));
    expect(exact.chunks.map((c) => c.length)).toEqual([FILE_CHUNK_BYTES]);
  });
});
