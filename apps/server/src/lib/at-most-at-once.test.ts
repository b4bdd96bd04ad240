import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './secrets.ts';
import { atMostAtOnce } from './at-most-at-once.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('atMostAtOnce', () => {
  it('keeps at most the limit in flight and runs every piece, in order of arrival', async () => {
    const inTurn = atMostAtOnce(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        inTurn(async () => {
          started.push(i);
          inFlight += 1;
          most = Math.max(most, inFlight);
          await tick();
          inFlight -= 1;
          return i * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('frees the turn of a piece that fails', async () => {
    const inTurn = atMostAtOnce(1);
    const failed = inTurn(async () => {
      await tick();
      throw new Error('boom');
    });
    const next = inTurn(async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});

describe('password hashing in turns', () => {
  it('hashes and verifies many passwords at once', async () => {
    const passwords = Array.from({ length: 5 }, (_, i) => `Pass-word-${i}`);
    const hashes = await Promise.all(passwords.map(hashPassword));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, passwords[i]!)));
    expect(checks).toEqual([true, true, true, true, true]);
    expect(await verifyPassword(hashes[0]!, 'wrong')).toBe(false);
  });
});
