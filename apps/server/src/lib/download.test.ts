import { describe, expect, it } from 'vitest';
import { byteRange } from './download.ts';

describe('byteRange', () => {
  const size = 1000;
  it('reads the one range of a Range header', () => {
    expect(byteRange('bytes=0-99', size)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', size)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-10', size)).toEqual({ start: 990, end: 999 });
    // An end past the content is cut to it; a suffix longer than the content is all of it.
    expect(byteRange('bytes=500-5000', size)).toEqual({ start: 500, end: 999 });
    expect(byteRange('bytes=-5000', size)).toEqual({ start: 0, end: 999 });
  });

  it('answers unsatisfiable beyond the end, and nothing for what it does not serve', () => {
    expect(byteRange('bytes=1000-', size)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', size)).toBe('unsatisfiable');
    for (const header of [undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,5-9', 'items=0-1', 'bytes=a-b'])
      expect(byteRange(header, size), header).toBeUndefined();
  });
});
