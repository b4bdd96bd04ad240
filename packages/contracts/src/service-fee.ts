/**
 * The platform's service fee on an award (DESIGN §7 "Service fee"): the award amount is cut into
 * the bands of the business parameter `fee.rateTiers` (`[[upToYuan, rate], …, [null, rate]]`) and
 * each band's part is charged at its own rate, the parts summed ("差额定率累进", as the fee scales of
 * this field are): an award of ¥3,000,000 under [[1000000, 0.01], [5000000, 0.007], [null, 0.0055]]
 * pays 1% of the first million and 0.7% of the next two, ¥24,000. The sum is rounded half up to
 * the fen once, at the end. docs/decisions.md ("Service-fee bands") gives the default bands and
 * their source.
 */
export type FeeTier = readonly [upToYuan: number | null, rate: number];

export interface FeeBand {
  /** The band's lower and upper bound in fen (null: no upper bound). */
  fromFen: number;
  toFen: number | null;
  rate: number;
  /** The part of the award in this band, and its fee before rounding, in fen. */
  partFen: number;
  feeFen: number;
}

/** Rates are kept as whole parts per million, so that 0.0055 is exact and the sum is too. */
const PPM = 1_000_000;

export function serviceFee(awardFen: number, tiers: readonly FeeTier[]): { feeFen: number; bands: FeeBand[] } {
  if (!Number.isSafeInteger(awardFen) || awardFen < 0)
    throw new RangeError('awardFen: a whole number of fen, 0 or more');
  const bands: FeeBand[] = [];
  let from = 0;
  let sumMicroFen = 0;
  for (const [upToYuan, rate] of tiers) {
    const to = upToYuan === null ? null : Math.round(upToYuan * 100);
    const part = Math.max(0, Math.min(awardFen, to ?? awardFen) - from);
    const ratePpm = Math.round(rate * PPM);
    sumMicroFen += part * ratePpm;
    bands.push({ fromFen: from, toFen: to, rate, partFen: part, feeFen: (part * ratePpm) / PPM });
    if (to === null || awardFen <= to) break;
    from = to;
  }
  // Half up: the parts are whole fen times whole parts per million, so the sum is exact.
  return { feeFen: Math.floor((sumMicroFen + PPM / 2) / PPM), bands };
}
