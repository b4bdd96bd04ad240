/**
 * The verifiable draw (DESIGN §7 "The draw, exactly"): the published candidate list and its hash,
 * the commitment to a secret seed, and the order derived from seed, list hash and the witness's
 * entropy. The same code runs on the server (which draws) and in the browser (which re-computes a
 * published draw on `/extract`), on Web Crypto, so that both answer the same by construction.
 */

/** A candidate as the published list names it. */
export interface DrawCandidate {
  id: number;
  creditCode: string;
  name: string;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );

/** Bytes of a hex string (the seed as published after the draw). */
export function hexBytes(value: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(value)) throw new RangeError('not a hex string');
  return Uint8Array.from(value.match(/../g) ?? [], (h) => parseInt(h, 16));
}

/** The published list: candidates sorted by id, `id<TAB>credit code<TAB>name\n` each. */
export function drawListText(candidates: readonly DrawCandidate[]): string {
  return [...candidates]
    .sort((a, b) => a.id - b.id)
    .map((c) => `${c.id}\t${c.creditCode}\t${c.name}\n`)
    .join('');
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? utf8(data) : data;
  return hex(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

/** `listHash`: the lowercase hex SHA-256 of the list's UTF-8 text. */
export const drawListHash = (listText: string) => sha256Hex(listText);

/** `commitment`: the hex SHA-256 of the 32 seed bytes, published before the draw. */
export const drawCommitment = (seed: Uint8Array) => sha256Hex(seed);

async function hmac(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message as BufferSource));
}

/** Entropy as the witness may type it: 0 to 32 digits. */
export const DRAW_ENTROPY = /^\d{0,32}$/;

/**
 * The shuffle of the draw: from `[0, 1, …, n−1]`, for i from n−1 down to 1, m = i+1, the first
 * integer r of `next` below the largest multiple of m that fits in 2^32 (no modulo bias), j = r mod
 * m, swap i and j. `next` yields the unsigned 32-bit integers of the key's blocks in order.
 */
export function shuffleWith(n: number, next: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i >= 1; i--) {
    const m = i + 1;
    const limit = Math.floor(2 ** 32 / m) * m;
    let r = next();
    while (r >= limit) r = next();
    const j = r % m;
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The message the key is made from: `listHash ":" entropy`, after checking the entropy. */
export function drawKeyMessage(listHash: string, entropy: string): string {
  if (!DRAW_ENTROPY.test(entropy)) throw new RangeError('entropy: 0 to 32 digits');
  return `${listHash}:${entropy}`;
}

/** The big-endian 4-byte counter of block k. */
export function blockCounter(k: number): Uint8Array {
  const counter = new Uint8Array(4);
  new DataView(counter.buffer).setUint32(0, k);
  return counter;
}

/** The eight unsigned 32-bit big-endian integers of one block. */
export function blockIntegers(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4));
}

/**
 * The order of `n` candidates: positions into the sorted list, drawn first to last. The key is
 * HMAC-SHA-256(seed, listHash ":" entropy); block k = HMAC-SHA-256(key, k as 4 bytes big-endian)
 * gives eight unsigned 32-bit big-endian integers, taken in order by `shuffleWith`. Web Crypto
 * answers asynchronously: the blocks are made first (as many as the shuffle could need, more in
 * the rare case of many rejections), then shuffled.
 */
export async function drawOrder(seed: Uint8Array, listHash: string, entropy: string, n: number): Promise<number[]> {
  const key = await hmac(seed, utf8(drawKeyMessage(listHash, entropy)));
  const numbers: number[] = [];
  const grow = async (blocks: number) => {
    for (let k = numbers.length / 8; k < blocks; k++) numbers.push(...blockIntegers(await hmac(key, blockCounter(k))));
  };
  await grow(Math.ceil(n / 8) + 1);
  for (;;) {
    let used = 0;
    try {
      return shuffleWith(n, () => {
        if (used >= numbers.length) throw RangeError('more blocks');
        return numbers[used++]!;
      });
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      await grow(numbers.length / 8 + 4);
    }
  }
}

/** Everything a published draw lets anyone check, and whether it holds. */
export interface DrawCheck {
  listHashMatches: boolean;
  commitmentMatches: boolean;
  orderMatches: boolean;
  order: number[];
}

/** Re-computes a published draw from its list text, hashes, seed (hex), entropy and order. */
export async function checkDraw(published: {
  listText: string;
  listHash: string;
  commitment: string;
  seed: string;
  entropy: string;
  order: readonly number[];
}): Promise<DrawCheck> {
  const seed = hexBytes(published.seed);
  const n = published.listText.split('\n').filter((l) => l !== '').length;
  const [listHash, commitment] = await Promise.all([drawListHash(published.listText), drawCommitment(seed)]);
  const order = await drawOrder(seed, listHash, published.entropy, n);
  return {
    listHashMatches: listHash === published.listHash,
    commitmentMatches: commitment === published.commitment,
    orderMatches: order.length === published.order.length && order.every((x, i) => x === published.order[i]),
    order,
  };
}
