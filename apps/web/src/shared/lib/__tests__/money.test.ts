import { describe, expect, it } from 'vitest';
import { MAX_FEN, fenToChineseCapital, formatYuan, parseYuanToFen } from '@lvb/contracts/money';

describe('parseYuanToFen', () => {
  it('reads yuan with up to two decimals as whole fen', () => {
    expect(parseYuanToFen('1234.5')).toBe(123_450);
    expect(parseYuanToFen('1234.50')).toBe(123_450);
    expect(parseYuanToFen('1000')).toBe(100_000);
    expect(parseYuanToFen('0.01')).toBe(1);
    expect(parseYuanToFen('0.5')).toBe(50);
    expect(parseYuanToFen(' 12 ')).toBe(1_200);
    // 0.29 * 100 is 28.999… in floating point: the fen are read from the digits.
    expect(parseYuanToFen('0.29')).toBe(29);
    expect(parseYuanToFen('412345.67')).toBe(41_234_567);
  });

  it('reads thousands separators only where they belong', () => {
    expect(parseYuanToFen('1,234.50')).toBe(123_450);
    expect(parseYuanToFen('12,345,678')).toBe(1_234_567_800);
    for (const text of ['12,34', '1,2345', ',123', '123,', '1,,234', '01,234', '1 234']) {
      expect(parseYuanToFen(text), text).toBeNull();
    }
  });

  it('refuses anything else instead of changing it', () => {
    for (const text of [
      '',
      '   ',
      '0',
      '0.00',
      '-1',
      '-100',
      '+5',
      '12abc',
      'abc',
      '1000.123',
      '1.',
      '.5',
      '1e3',
      '1E3',
      '0x10',
      'Infinity',
      'NaN',
      '012',
      '１２',
      '12.3.4',
    ]) {
      expect(parseYuanToFen(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('refuses amounts whose fen a number cannot hold exactly', () => {
    expect(parseYuanToFen('9999999999999.99')).toBe(MAX_FEN);
    expect(parseYuanToFen('10000000000000')).toBeNull();
    expect(parseYuanToFen('99999999999999999999')).toBeNull();
  });
});

describe('formatYuan', () => {
  it('writes fen as yuan with separators and two decimals', () => {
    expect(formatYuan(123_450)).toBe('¥1,234.50');
    expect(formatYuan(1)).toBe('¥0.01');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(100_000_000_000)).toBe('¥1,000,000,000.00');
    expect(formatYuan(MAX_FEN)).toBe('¥9,999,999,999,999.99');
    expect(formatYuan(-250)).toBe('-¥2.50');
  });

  it('refuses a fraction of a fen', () => {
    expect(() => formatYuan(1.5)).toThrow(RangeError);
  });
});

describe('fenToChineseCapital', () => {
  it.each([
    [123_450, '壹仟贰佰叁拾肆元伍角整'],
    [100_000, '壹仟元整'],
    [100, '壹元整'],
    [1, '壹分'],
    [10, '壹角整'],
    [15, '壹角伍分'],
    [0, '零元整'],
    [10_000_001, '壹拾万元零壹分'],
    [1_000_000_000_000, '壹佰亿元整'],
    [1_000, '壹拾元整'],
    [1_050, '壹拾元伍角整'],
    [1_001, '壹拾元零壹分'],
    [10_100_000, '壹拾万壹仟元整'],
    [101_000, '壹仟零壹拾元整'],
    [100_100, '壹仟零壹元整'],
    [1_010_000, '壹万零壹佰元整'],
    [10_001_000_000, '壹亿零壹万元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [10_010_000_000, '壹亿零壹拾万元整'],
    [100_000_000_000, '壹拾亿元整'],
    [123_456_789_012, '壹拾贰亿叁仟肆佰伍拾陆万柒仟捌佰玖拾元壹角贰分'],
    [MAX_FEN, '玖万亿玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [100_000_000_000_000, '壹万亿元整'],
    [100_000_000_100_000, '壹万亿零壹仟元整'],
    [5_000_000_000, '伍仟万元整'],
    [5_000_000_001, '伍仟万元零壹分'],
  ])('%i fen → %s', (fen, words) => {
    expect(fenToChineseCapital(fen)).toBe(words);
  });

  it('refuses what is not a whole number of fen in range', () => {
    for (const fen of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_FEN + 1]) {
      expect(() => fenToChineseCapital(fen), String(fen)).toThrow(RangeError);
    }
  });
});
