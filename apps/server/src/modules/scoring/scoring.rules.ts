import type { scoreCriterion, scoredBid } from '@lvb/contracts/scoring';
import type { z } from 'zod';
import { rankWithDraw } from '../bids/bids.rules.ts';
import type { ScoreRow } from './scoring.repository.ts';

type Criterion = z.output<typeof scoreCriterion>;
export type ScoredBid = z.output<typeof scoredBid>;

/** Scores are shown and compared to the hundredth of a point. */
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface ValidBid {
  bidId: number;
  applicationId: number;
  companyName: string;
  priceFen: number;
  receiptHash: string;
}

/** Price score = weight × lowest valid price / bid price. */
export function priceScores(bids: ValidBid[], weight: number): Map<number, number> {
  const lowest = Math.min(...bids.map((b) => b.priceFen));
  return new Map(bids.map((b) => [b.bidId, round2((weight * lowest) / b.priceFen)]));
}

/**
 * The ranking of a best-value project: per bid, each criterion's score averaged over the members,
 * their sum scaled from the criteria's total maximum to 100 − weight, plus the price score; the
 * highest total ranks first, equal totals ordered by the opening's published seed (its TIE_RULE).
 * Pure.
 */
export function rankByTotal(
  bids: ValidBid[],
  criteria: Criterion[],
  weight: number,
  scores: ScoreRow[],
  members: number,
  seed: string,
): ScoredBid[] {
  const price = priceScores(bids, weight);
  const maxSum = criteria.reduce((s, c) => s + c.max, 0);
  const scored = bids.map((b) => {
    const averages = criteria.map((_, i) => {
      const sum = scores.filter((s) => s.bidId === b.bidId && s.criterion === i).reduce((s, x) => s + x.score, 0);
      return round2(sum / members);
    });
    const technical = round2((averages.reduce((s, a) => s + a, 0) / maxSum) * (100 - weight));
    const priceScore = price.get(b.bidId)!;
    return {
      ...b,
      priceScore,
      criteria: averages,
      technicalScore: technical,
      total: round2(priceScore + technical),
      rank: null as number | null,
      tied: false,
    };
  });
  return rankWithDraw(scored, (b) => -b.total, seed);
}
