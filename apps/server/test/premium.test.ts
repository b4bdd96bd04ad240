import { premiumFen, type PremiumTier } from '@lvb/contracts/guarantees';
import { describe, expect, it } from 'vitest';

/** The premium of a guarantee (packages/contracts guarantees.ts): the tier's rate, rounded, at least the minimum. */
const TIERS: PremiumTier[] = [
  [100_000, 0.005],
  [1_000_000, 0.0035],
  [null, 0.002],
];
const yuan = (y: number) => y * 100;

describe('premiumFen', () => {
  it('takes the rate of the first tier whose bound covers the amount', () => {
    expect(premiumFen(yuan(100_000), TIERS, 0)).toBe(yuan(500));
    expect(premiumFen(yuan(100_000) + 1, TIERS, 0)).toBe(yuan(350)); // 0.35% of ¥100,000.01, rounded
    expect(premiumFen(yuan(1_000_000), TIERS, 0)).toBe(yuan(3_500));
    expect(premiumFen(yuan(5_000_000), TIERS, 0)).toBe(yuan(10_000));
  });

  it('rounds half up to the fen, exactly for rates like 0.35%', () => {
    // 0.35% of 143 fen is 0.5005 fen: one fen; of 142 fen 0.497: none.
    expect(premiumFen(143, [[null, 0.0035]], 0)).toBe(1);
    expect(premiumFen(142, [[null, 0.0035]], 0)).toBe(0);
    // 0.5% of 100 fen is exactly half a fen: up.
    expect(premiumFen(100, [[null, 0.005]], 0)).toBe(1);
  });

  it('is at least the minimum premium', () => {
    expect(premiumFen(yuan(8_000), TIERS, yuan(200))).toBe(yuan(200));
    expect(premiumFen(yuan(80_000), TIERS, yuan(200))).toBe(yuan(400));
  });

  it('answers null when no tier covers the amount, and refuses a non-amount', () => {
    expect(premiumFen(yuan(1_000_000) + 1, TIERS.slice(0, 2), 0)).toBeNull();
    expect(() => premiumFen(0, TIERS, 0)).toThrow(RangeError);
    expect(() => premiumFen(1.5, TIERS, 0)).toThrow(RangeError);
  });
});
