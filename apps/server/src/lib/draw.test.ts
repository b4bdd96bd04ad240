import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawOrderSync } from './draw-order.ts';
import { checkDraw, drawCommitment, drawListHash, drawListText, drawOrder, hexBytes } from '@lvb/contracts/draw';

/** DESIGN §7 "The draw, exactly": its worked example, and what the order depends on. */
const SEED = hexBytes('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff');
const NAMES = [
  'Fuzhou Road Works Co.',
  'Minjiang Survey Ltd.',
  'Haixi Design Institute',
  'Gulou Construction',
  'Cangshan Services',
];
const CANDIDATES = NAMES.map((name, i) => ({ id: i + 1, creditCode: `91350100MA2XXXXX0${i + 1}`, name }));

describe('the draw, exactly', () => {
  it("re-computes DESIGN's example: commitment, list hash and both orders", async () => {
    expect(await drawCommitment(SEED)).toBe('4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef');
    const text = drawListText([...CANDIDATES].reverse());
    expect(text.split('\n')[0]).toBe('1\t91350100MA2XXXXX01\tFuzhou Road Works Co.');
    const listHash = await drawListHash(text);
    expect(listHash).toBe('d164dc0d8b3a2f7a806e7f04f60f274ca587870fec85d12735328263faa5db15');
    expect(await drawOrder(SEED, listHash, '314159', 5)).toEqual([3, 2, 4, 0, 1]);
    expect(await drawOrder(SEED, listHash, '', 5)).toEqual([1, 3, 0, 2, 4]);
  });

  it('changes with the list and with the entropy, and is a permutation of any size', async () => {
    const listHash = await drawListHash(drawListText(CANDIDATES));
    const other = await drawListHash(drawListText(CANDIDATES.slice(0, 4).concat({ ...CANDIDATES[4]!, name: 'X' })));
    expect(other).not.toBe(listHash);
    const orders = new Set<string>();
    for (const entropy of ['', '1', '2', '314159', '27182818284590452353602874713526'])
      orders.add(JSON.stringify(await drawOrder(SEED, listHash, entropy, 40)));
    orders.add(JSON.stringify(await drawOrder(SEED, other, '', 40)));
    expect(orders.size).toBe(6);
    for (const n of [0, 1, 2, 7, 100]) {
      const order = await drawOrder(SEED, listHash, '9', n);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    }
    await expect(drawOrder(SEED, listHash, '12a', 5)).rejects.toThrow(RangeError);
    await expect(drawOrder(SEED, listHash, '1'.repeat(33), 5)).rejects.toThrow(RangeError);
  });

  it('answers the same synchronously on the server as on Web Crypto', async () => {
    const listHash = await drawListHash(drawListText(CANDIDATES));
    expect(drawOrderSync(SEED, listHash, '314159', 5)).toEqual([3, 2, 4, 0, 1]);
    for (const [entropy, n] of [
      ['', 1],
      ['7', 2],
      ['42', 9],
      ['123', 33],
      ['99999', 250],
    ] as const)
      expect(drawOrderSync(SEED, listHash, entropy, n)).toEqual(await drawOrder(SEED, listHash, entropy, n));
  });

  it('checks a published draw, and says which part does not hold', async () => {
    const listText = drawListText(CANDIDATES);
    const published = {
      listText,
      listHash: await drawListHash(listText),
      commitment: await drawCommitment(SEED),
      seed: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      entropy: '314159',
      order: [3, 2, 4, 0, 1],
    };
    expect(await checkDraw(published)).toMatchObject({
      listHashMatches: true,
      commitmentMatches: true,
      orderMatches: true,
    });
    expect((await checkDraw({ ...published, order: [2, 3, 4, 0, 1] })).orderMatches).toBe(false);
    expect((await checkDraw({ ...published, seed: 'ff'.repeat(32) })).commitmentMatches).toBe(false);
    expect((await checkDraw({ ...published, listText: listText.replace('Gulou', 'Gu lou') })).listHashMatches).toBe(
      false,
    );
  });
});

describe('docs/recompute-draw.mjs', () => {
  it('re-computes a published draw with Node alone, and says when it does not match', async () => {
    const listText = drawListText(CANDIDATES);
    const published = {
      listText,
      listHash: await drawListHash(listText),
      commitment: await drawCommitment(SEED),
      seed: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      entropy: '314159',
      order: [3, 2, 4, 0, 1],
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'draw-'));
    try {
      const script = path.resolve(import.meta.dirname, '../../../../docs/recompute-draw.mjs');
      const run = (draw: object) => {
        const file = path.join(dir, 'draw.json');
        writeFileSync(file, JSON.stringify({ code: 200, data: draw }));
        try {
          return { status: 0, out: execFileSync('node', [script, file]).toString() };
        } catch (err) {
          const e = err as { status: number; stdout: Buffer };
          return { status: e.status, out: e.stdout.toString() };
        }
      };
      const good = run(published);
      expect(good.status).toBe(0);
      expect(good.out).toContain('matches: order');
      expect(good.out).toContain('1. 4\t91350100MA2XXXXX04\tGulou Construction');
      const bad = run({ ...published, entropy: '314158' });
      expect(bad.status).toBe(1);
      expect(bad.out).toContain('DOES NOT MATCH: order');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
