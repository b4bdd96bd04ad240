import { serviceFee, type FeeTier } from '@lvb/contracts/service-fee';
import { describe, expect, it } from 'vitest';

/** The default bands of `fee.rateTiers` (docs/decisions.md, "Service-fee bands"). */
const DEFAULT: FeeTier[] = [
  [1_000_000, 0.01],
  [5_000_000, 0.007],
  [10_000_000, 0.0055],
  [null, 0.0035],
];
const yuan = (n: number) => Math.round(n * 100);

describe('the service fee', () => {
  it('charges each band of the award at its own rate and sums the parts', () => {
    expect(serviceFee(yuan(800_000), DEFAULT).feeFen).toBe(yuan(8_000));
    expect(serviceFee(yuan(1_000_000), DEFAULT).feeFen).toBe(yuan(10_000));
    // 1% of the first million, 0.7% of the next two.
    expect(serviceFee(yuan(3_000_000), DEFAULT).feeFen).toBe(yuan(24_000));
    // 10,000 + 28,000 + 0.55% of 2,000,000 = 49,000.
    expect(serviceFee(yuan(7_000_000), DEFAULT).feeFen).toBe(yuan(49_000));
    // 10,000 + 28,000 + 27,500 + 0.35% of 2,000,000 = 72,500.
    expect(serviceFee(yuan(12_000_000), DEFAULT).feeFen).toBe(yuan(72_500));
  });

  it('rounds the sum half up to the fen once, and charges nothing on nothing', () => {
    // 0.7% of 0.50 yuan in the second band is 0.35 fen: 10,000 yuan + 0.35 fen → 1,000,000 fen.
    expect(serviceFee(yuan(1_000_000.5), DEFAULT).feeFen).toBe(1_000_000);
    // 1% of 0.50 yuan is exactly half a fen: rounded up.
    expect(serviceFee(50, DEFAULT).feeFen).toBe(1);
    expect(serviceFee(49, DEFAULT).feeFen).toBe(0);
    expect(serviceFee(0, DEFAULT)).toEqual({
      feeFen: 0,
      bands: [{ fromFen: 0, toFen: 100_000_000, rate: 0.01, partFen: 0, feeFen: 0 }],
    });
  });

  it('answers each band it used, for the page that shows how the fee was made', () => {
    const { bands } = serviceFee(yuan(3_000_000), DEFAULT);
    expect(bands.map((b) => [b.fromFen, b.toFen, b.partFen, b.feeFen])).toEqual([
      [0, yuan(1_000_000), yuan(1_000_000), yuan(10_000)],
      [yuan(1_000_000), yuan(5_000_000), yuan(2_000_000), yuan(14_000)],
    ]);
  });

  it('refuses an amount that is not whole fen', () => {
    expect(() => serviceFee(-1, DEFAULT)).toThrow(RangeError);
    expect(() => serviceFee(1.5, DEFAULT)).toThrow(RangeError);
  });
});
