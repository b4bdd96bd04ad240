import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The sealing of prices (DESIGN §7, model 2). Invariant: no price exists in plaintext anywhere
 * but in memory, for the moment of sealing and at the opening.
 *
 * - Each project has its own data key (32 random bytes), stored only wrapped: encrypted with
 *   AES-256-GCM under the key from the environment (`BID_KEY`), the project's id as associated
 *   data, so a wrapped key copied onto another project does not open.
 * - A bid seals its price with a random nonce under the project's key (AES-256-GCM, the bid's
 *   project and application as associated data, so a sealed price moved to another bid does not
 *   open). The plaintext has a fixed length, so the ciphertext's length says nothing of how many
 *   digits the price has.
 * - The receipt is SHA-256 of the canonical bid, which includes the nonce: knowing the few
 *   plausible prices does not let anyone recompute a receipt and learn the price from it. The
 *   nonce is published with the opening record, so that anyone can then check every receipt.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const NONCE_BYTES = 16;

function seal(key: Buffer, plaintext: Buffer, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function open(key: Buffer, sealed: string, aad: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A new project data key and its wrapped form for `project_bid_keys`. */
export function newDataKey(masterKey: Buffer, projectId: number): { key: Buffer; wrapped: string } {
  const key = randomBytes(32);
  return { key, wrapped: seal(masterKey, key, `project:${projectId}`) };
}

export const unwrapDataKey = (masterKey: Buffer, projectId: number, wrapped: string): Buffer =>
  open(masterKey, wrapped, `project:${projectId}`);

export interface SealedContent {
  priceFen: number;
  /** 32 hex digits, random per bid. */
  nonce: string;
}

const bidAad = (projectId: number, applicationId: number) => `bid:${projectId}:${applicationId}`;

/** Seals a price in fen with a fresh nonce; answers the cipher text and the nonce. */
export function sealPrice(
  dataKey: Buffer,
  bid: { projectId: number; applicationId: number; priceFen: number },
): { cipher: string; nonce: string } {
  const nonce = randomBytes(NONCE_BYTES);
  const plaintext = Buffer.alloc(8 + NONCE_BYTES);
  plaintext.writeBigUInt64BE(BigInt(bid.priceFen), 0);
  nonce.copy(plaintext, 8);
  return { cipher: seal(dataKey, plaintext, bidAad(bid.projectId, bid.applicationId)), nonce: nonce.toString('hex') };
}

export function openPrice(
  dataKey: Buffer,
  bid: { projectId: number; applicationId: number; cipher: string },
): SealedContent {
  const plaintext = open(dataKey, bid.cipher, bidAad(bid.projectId, bid.applicationId));
  return { priceFen: Number(plaintext.readBigUInt64BE(0)), nonce: plaintext.subarray(8).toString('hex') };
}

export interface CanonicalBid {
  projectId: number;
  applicationId: number;
  priceFen: number;
  submittedAt: Date;
  nonce: string;
}

/**
 * The canonical text of a bid: JSON with the keys in this order, the time in ISO 8601 UTC with
 * milliseconds. Its SHA-256 is the receipt; the opening record publishes every field of it.
 */
export const canonicalBid = (b: CanonicalBid) =>
  JSON.stringify({
    projectId: b.projectId,
    applicationId: b.applicationId,
    priceFen: b.priceFen,
    submittedAt: b.submittedAt.toISOString(),
    nonce: b.nonce,
  });

export const receiptHashOf = (b: CanonicalBid) => createHash('sha256').update(canonicalBid(b), 'utf8').digest('hex');

export const newTieSeed = () => randomBytes(32).toString('hex');

/**
 * Another secret sealed under the key from the environment, `label` its associated data (a pool
 * draw's seed, labelled with its project): readable only where the key is, and only under its label.
 */
export const sealSecret = (masterKey: Buffer, secret: Uint8Array, label: string): string =>
  seal(masterKey, Buffer.from(secret), label);
export const openSecret = (masterKey: Buffer, sealed: string, label: string): Buffer => open(masterKey, sealed, label);
