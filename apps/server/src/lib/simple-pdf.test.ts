import { describe, expect, it } from 'vitest';
import { simplePdf } from './simple-pdf.ts';

describe('simplePdf', () => {
  it('writes Latin runs as searchable text and Chinese runs in the standard Chinese font', () => {
    const pdf = simplePdf(['Receipt / 回执', 'ab12 (c)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    // 回 U+56DE, 执 U+6267, as UCS-2 for UniGB-UCS2-H; the Latin run stays literal.
    expect(pdf).toContain('/F1 16 Tf (Receipt / ) Tj /F2 16 Tf <56de6267> Tj');
    expect(pdf).toContain('(ab12 \\(c\\)) Tj');
    expect(pdf).toContain('/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H');
    expect(pdf).not.toContain('?');
  });

  it('points its cross-reference table at every object', () => {
    const pdf = simplePdf(['x']).toString('latin1');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(8);
    offsets.forEach((at, i) => expect(pdf.slice(at).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });
});
