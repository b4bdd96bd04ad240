import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawListHash, drawOrder, hexBytes } from '@lvb/contracts/draw';
import { receiptHashOf, sealPrice } from './bid-crypto.ts';
import { rankBids, type SealedBid } from './bids.rules.ts';

const key = randomBytes(32);
const project = { id: 9, bidDeadline: new Date('2026-12-01T00:00:00.000Z') };

function sealedBid(id: number, priceFen: number, submittedAt = new Date('2026-11-30T10:00:00.000Z')): SealedBid {
  const { cipher, nonce } = sealPrice(key, { projectId: project.id, applicationId: id, priceFen });
  return {
    id,
    applicationId: id,
    companyId: 100 + id,
    companyName: `Company ${id}`,
    priceCipher: cipher,
    receiptHash: receiptHashOf({ projectId: project.id, applicationId: id, priceFen, submittedAt, nonce }),
    submittedAt,
  };
}

describe('ranking opened bids', () => {
  const bids = [sealedBid(1, 500), sealedBid(2, 300), sealedBid(3, 300), sealedBid(4, 300), sealedBid(5, 400)];
  const all = new Set([1, 2, 3, 4, 5]);

  it('puts the lowest price first and orders ties by the published draw over their receipts, whatever order the bids come in', async () => {
    const seed = 'ab'.repeat(32);
    const ranked = rankBids(key, project, bids, all, seed);
    // The draw of DESIGN §7, as anyone re-computes it: the tied receipts sorted, one per line.
    const receipts = bids
      .filter((b) => [2, 3, 4].includes(b.id))
      .map((b) => b.receiptHash)
      .sort();
    const listHash = await drawListHash(receipts.map((r) => `${r}\n`).join(''));
    const order = await drawOrder(hexBytes(seed), listHash, '', 3);
    const byDraw = order.map((i) => bids.find((b) => b.receiptHash === receipts[i])!.id);
    expect(ranked.map((b) => b.bidId)).toEqual([...byDraw, 5, 1]);
    expect(ranked.map((b) => b.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(ranked.map((b) => b.tied)).toEqual([true, true, true, false, false]);
    expect(rankBids(key, project, [...bids].reverse(), all, seed).map((b) => b.bidId)).toEqual(
      ranked.map((b) => b.bidId),
    );
  });

  it('leaves unranked a bid whose application is no longer qualified, that came late, or whose receipt does not match', () => {
    const late = sealedBid(6, 100, new Date('2026-12-01T00:00:00.000Z'));
    const forged = { ...sealedBid(7, 100), receiptHash: 'f'.repeat(64) };
    const ranked = rankBids(key, project, [...bids, late, forged], new Set([1, 2, 3, 5, 6, 7]), '00');
    expect(ranked.filter((b) => !b.valid).map((b) => [b.bidId, b.rank])).toEqual([
      [4, null],
      [6, null],
      [7, null],
    ]);
    expect(ranked.filter((b) => b.valid).map((b) => b.rank)).toEqual([1, 2, 3, 4]);
  });
});
