import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_BID_KEY, loadConfig } from '../../config.ts';
import { canonicalBid, newDataKey, openPrice, receiptHashOf, sealPrice, unwrapDataKey } from './bid-crypto.ts';

const master = randomBytes(32);

describe('bid sealing', () => {
  it('wraps a data key that opens only for its project and master key', () => {
    const { key, wrapped } = newDataKey(master, 7);
    expect(unwrapDataKey(master, 7, wrapped).equals(key)).toBe(true);
    expect(() => unwrapDataKey(master, 8, wrapped)).toThrow();
    expect(() => unwrapDataKey(randomBytes(32), 7, wrapped)).toThrow();
    expect(Buffer.from(wrapped, 'base64').includes(key)).toBe(false);
  });

  it('seals a price that opens only for its bid, in a cipher text whose length says nothing', () => {
    const { key } = newDataKey(master, 7);
    const small = sealPrice(key, { projectId: 7, applicationId: 3, priceFen: 1 });
    const large = sealPrice(key, { projectId: 7, applicationId: 3, priceFen: 123_456_789_012 });
    expect(small.cipher.length).toBe(large.cipher.length);
    expect(openPrice(key, { projectId: 7, applicationId: 3, cipher: large.cipher })).toEqual({
      priceFen: 123_456_789_012,
      nonce: large.nonce,
    });
    expect(() => openPrice(key, { projectId: 7, applicationId: 4, cipher: large.cipher })).toThrow();
    // The same price sealed twice gives two unrelated cipher texts.
    expect(sealPrice(key, { projectId: 7, applicationId: 3, priceFen: 1 }).cipher).not.toBe(small.cipher);
  });

  it('hashes the canonical bid, whose nonce keeps the price from being guessed from the receipt', () => {
    const bid = {
      projectId: 1,
      applicationId: 2,
      priceFen: 5000,
      submittedAt: new Date('2026-11-25T01:02:03.456Z'),
      nonce: 'ab'.repeat(16),
    };
    expect(canonicalBid(bid)).toBe(
      `{"projectId":1,"applicationId":2,"priceFen":5000,"submittedAt":"2026-11-25T01:02:03.456Z","nonce":"${'ab'.repeat(16)}"}`,
    );
    expect(receiptHashOf(bid)).toMatch(/^[0-9a-f]{64}$/);
    expect(receiptHashOf({ ...bid, nonce: 'cd'.repeat(16) })).not.toBe(receiptHashOf(bid));
  });
});

describe('BID_KEY', () => {
  it('takes 32 bytes as hex or base64 and refuses anything else without echoing it', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ BID_KEY: hex }).bidKey.toString('hex')).toBe(hex);
    expect(loadConfig({ BID_KEY: Buffer.from(hex, 'hex').toString('base64') }).bidKey.toString('hex')).toBe(hex);
    expect(loadConfig({}).bidKey.equals(Buffer.from(DEFAULT_BID_KEY, 'base64'))).toBe(true);
    for (const wrong of ['ab'.repeat(31), 'c2hvcnQ=', 'not a key at all, but long enough to be 32 bytes']) {
      expect(() => loadConfig({ BID_KEY: wrong })).toThrowError(ConfigError);
      expect(() => loadConfig({ BID_KEY: wrong })).toThrowError(/BID_KEY: must be 32 bytes/);
      expect(() => loadConfig({ BID_KEY: wrong })).not.toThrowError(wrong);
    }
  });
});
