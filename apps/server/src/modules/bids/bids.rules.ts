import type { openedBid, openingRecord } from '@lvb/contracts/bids';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { newDataKey, openPrice, receiptHashOf, tieKey, unwrapDataKey } from './bid-crypto.ts';
import { bidsRepository, type OpeningRow } from './bids.repository.ts';

export type OpenedBid = z.output<typeof openedBid>;
export type OpeningRecord = z.output<typeof openingRecord>;

export const TIE_RULE =
  'Bids with the same price are ordered by SHA-256 of the text of the seed followed by the receipt hash (both hex), smallest first.';
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
 * Ranks `items` by `value`, smallest first (negate it for highest first), in place; equal values
 * are ordered by the seeded draw (TIE_RULE) and marked tied. Answers the items in rank order.
 */
export function rankWithDraw<T extends { bidId: number; receiptHash: string; rank: number | null; tied: boolean }>(
  items: T[],
  value: (item: T) => number,
  seed: string,
): T[] {
  const count = new Map<number, number>();
  for (const b of items) count.set(value(b), (count.get(value(b)) ?? 0) + 1);
  const keyOf = new Map(items.map((b) => [b.bidId, tieKey(seed, b.receiptHash)]));
  items.sort((a, b) => value(a) - value(b) || (keyOf.get(a.bidId)! < keyOf.get(b.bidId)! ? -1 : 1));
  items.forEach((b, i) => {
    b.rank = i + 1;
    b.tied = count.get(value(b))! > 1;
  });
  return items;
}

/** The stored record, as the calls answer it. */
export const openingRecordOf = (row: OpeningRow): OpeningRecord => row.record as OpeningRecord;
