import type { openedBid, openingRecord } from '@lvb/contracts/bids';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { createHash } from 'node:crypto';
import { drawOrderSync } from '../../lib/draw-order.ts';
import { newDataKey, openPrice, receiptHashOf, unwrapDataKey } from './bid-crypto.ts';
import { bidsRepository, type OpeningRow } from './bids.repository.ts';

export type OpenedBid = z.output<typeof openedBid>;
export type OpeningRecord = z.output<typeof openingRecord>;

export const TIE_RULE =
  'Bids of equal rank are ordered by the draw of the published rules over their receipt hashes: the list is the tied receipts sorted, one per line; the seed is the one whose SHA-256 was published with the announcement; no entropy.';
export const RECEIPT_RULE =
  'receiptHash = SHA-256 of the JSON {"projectId","applicationId","priceFen","submittedAt","nonce"} in that key order, without spaces.';

/**
 * The project's data key, made and stored (wrapped) on its first bid. Two first bids at once
 * both try to store theirs; the primary key keeps one and both use that one.
 */
export async function dataKeyFor(tx: Tx, masterKey: Buffer, projectId: number): Promise<Buffer> {
  const wrapped = await bidsRepository.wrappedKey(tx, projectId);
  if (wrapped) return unwrapDataKey(masterKey, projectId, wrapped);
  const made = newDataKey(masterKey, projectId);
  const kept = await bidsRepository.keepWrappedKey(tx, projectId, made.wrapped);
  return kept === made.wrapped ? made.key : unwrapDataKey(masterKey, projectId, kept);
}

export interface SealedBid {
  id: number;
  applicationId: number;
  companyId: number;
  companyName: string;
  priceCipher: string;
  receiptHash: string;
  submittedAt: Date;
}

/**
 * Opens every sealed bid of a project and ranks them: a bid counts when its application is still
 * qualified, it came before the deadline and its receipt matches its content; the lowest price
 * ranks first; equal prices are ordered by the seeded draw (TIE_RULE). Pure but for the key.
 */
export function rankBids(
  dataKey: Buffer | undefined,
  project: { id: number; bidDeadline: Date },
  sealed: SealedBid[],
  qualified: ReadonlySet<number>,
  seed: string,
): OpenedBid[] {
  const opened = sealed.map((b) => {
    const { priceFen, nonce } = openPrice(dataKey!, {
      projectId: project.id,
      applicationId: b.applicationId,
      cipher: b.priceCipher,
    });
    const matches =
      receiptHashOf({
        projectId: project.id,
        applicationId: b.applicationId,
        priceFen,
        submittedAt: b.submittedAt,
        nonce,
      }) === b.receiptHash;
    return {
      rank: null as number | null,
      bidId: b.id,
      applicationId: b.applicationId,
      companyId: b.companyId,
      companyName: b.companyName,
      priceFen,
      receiptHash: b.receiptHash,
      submittedAt: b.submittedAt.toISOString(),
      nonce,
      valid: matches && qualified.has(b.applicationId) && b.submittedAt.getTime() < project.bidDeadline.getTime(),
      tied: false,
    };
  });
  const valid = rankWithDraw(
    opened.filter((b) => b.valid),
    (b) => b.priceFen,
    seed,
  );
  const invalid = opened.filter((b) => !b.valid);
  return [...valid, ...invalid];
}

/**
 * Ranks `items` by `value`, smallest first (negate it for highest first), in place; each group of
 * equal values is ordered by the draw of DESIGN §7 over its receipt hashes (TIE_RULE) and marked
 * tied. Answers the items in rank order.
 */
export function rankWithDraw<T extends { bidId: number; receiptHash: string; rank: number | null; tied: boolean }>(
  items: T[],
  value: (item: T) => number,
  seed: string,
): T[] {
  const groups = new Map<number, T[]>();
  for (const b of items) groups.set(value(b), [...(groups.get(value(b)) ?? []), b]);
  const place = new Map<number, number>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const receipts = group.map((b) => b.receiptHash).sort();
    const order = tieOrder(seed, receipts);
    order.forEach((receipt, i) => place.set(group.find((b) => b.receiptHash === receipt)!.bidId, i));
  }
  items.sort((a, b) => value(a) - value(b) || (place.get(a.bidId) ?? 0) - (place.get(b.bidId) ?? 0));
  items.forEach((b, i) => {
    b.rank = i + 1;
    b.tied = groups.get(value(b))!.length > 1;
  });
  return items;
}

/**
 * Tied receipts in their drawn order: the list is the receipts sorted, one per line (`hash\n`),
 * its SHA-256 the list hash, the seed the project's (committed with its announcement), no entropy.
 */
export function tieOrder(seed: string, sortedReceipts: readonly string[]): string[] {
  const listHash = createHash('sha256')
    .update(sortedReceipts.map((r) => `${r}\n`).join(''), 'utf8')
    .digest('hex');
  return drawOrderSync(Buffer.from(seed, 'hex'), listHash, '', sortedReceipts.length).map((i) => sortedReceipts[i]!);
}

/** The stored record, as the calls answer it. */
export const openingRecordOf = (row: OpeningRow): OpeningRecord => row.record as OpeningRecord;
