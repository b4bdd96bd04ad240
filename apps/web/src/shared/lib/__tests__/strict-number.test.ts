import { describe, expect, it } from 'vitest';
import { fenToYuanText, numberValue, parseDecimal } from '../strict-number';

describe('parseDecimal', () => {
  it('reads whole numbers and, when allowed, decimals', () => {
    expect(parseDecimal('0')).toBe(0);
    expect(parseDecimal('42')).toBe(42);
    expect(parseDecimal(' 42 ')).toBe(42);
    expect(parseDecimal(42)).toBe(42);
    expect(parseDecimal('22.25', { decimals: 2 })).toBe(22.25);
    expect(parseDecimal('0.5', { decimals: 2 })).toBe(0.5);
    expect(parseDecimal('0.125', { decimals: Infinity })).toBe(0.125);
    expect(parseDecimal('3,000,000', { grouping: true })).toBe(3_000_000);
  });

  it('refuses what is not such a number instead of changing it', () => {
    for (const [value, format] of [
      ['', {}],
      ['12abc', {}],
      ['-3', {}],
      ['+3', {}],
      ['1e3', {}],
      ['0x10', {}],
      ['07', {}],
      ['3.5', {}],
      ['40.123', { decimals: 2 }],
      ['1.', { decimals: 2 }],
      ['.5', { decimals: 2 }],
      ['3,000,000', {}],
      ['3,00,000', { grouping: true }],
      ['Infinity', { decimals: Infinity }],
      ['1234567890123456', {}],
      [null, {}],
      [undefined, {}],
    ] as const) {
      expect(parseDecimal(value, format), JSON.stringify(value)).toBeNull();
    }
  });
});

describe('numberValue and fenToYuanText', () => {
  it('read a validated field and write fen for editing', () => {
    expect(numberValue('')).toBeUndefined();
    expect(numberValue('12')).toBe(12);
    expect(fenToYuanText(30_000_000)).toBe('300000');
    expect(fenToYuanText(123_450)).toBe('1234.5');
    expect(fenToYuanText(123_456)).toBe('1234.56');
    expect(fenToYuanText(5)).toBe('0.05');
  });
});
