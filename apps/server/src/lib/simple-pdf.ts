/**
 * A one-page PDF of plain lines: the demo projects' documents and the bid receipts. Runs of
 * printable ASCII are set in Helvetica, as literal strings (a receipt hash stays searchable in the
 * file); other runs in STSong-Light, the standard Chinese font of PDF, written as UCS-2 and not
 * embedded: readers that show Chinese supply it, so the file stays a few kilobytes.
 */
const RUNS = /[\x20-\x7e]+|[^\x20-\x7e]+/g;
const LATIN = /^[\x20-\x7e]/;

const literal = (s: string) => `(${s.replace(/([\\()])/g, '\\$1')})`;

/** UTF-16 code units of the BMP; anything beyond it (no Chinese text needs it) becomes "?". */
const ucs2 = (s: string) =>
  `<${[...s]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0');
    })
    .join('')}>`;

export function simplePdf(lines: string[]): Buffer {
  const text = lines
    .map((l, i) => {
      const size = i === 0 ? 16 : 11;
      const runs = (l.match(RUNS) ?? []).map((run) =>
        LATIN.test(run) ? `/F1 ${size} Tf ${literal(run)} Tj` : `/F2 ${size} Tf ${ucs2(run)} Tj`,
      );
      return `BT 56 ${780 - i * 22} Td ${runs.join(' ')} ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 6 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [7 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 8 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
