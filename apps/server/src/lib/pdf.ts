import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Documents the platform issues (award notices, guarantee letters) as PDF, made with pdfkit.
 * Their Chinese text is set in Noto Sans SC (SIL Open Font License, from the
 * @expo-google-fonts/noto-sans-sc package): pdfkit embeds only the glyphs a document uses (a
 * subset of a few kilobytes), so the document looks the same in every reader without the reader
 * having the font, as a legal document must.
 */
let fontBytes: Buffer | undefined;
function font(): Buffer {
  if (!fontBytes) {
    const pkg = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/package.json');
    fontBytes = readFileSync(join(dirname(pkg), '400Regular', 'NotoSansSC_400Regular.ttf'));
  }
  return fontBytes;
}

export const PDF_FONT = 'NotoSansSC';

/**
 * A new A4 document with the font registered and selected; `finish()` ends it and answers its
 * bytes. `createdAt` is the document's creation date (the business clock's issue time), so that
 * the same inputs make the same file.
 */
export function newPdf(meta: { title: string; subject: string; createdAt: Date }) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Producer: 'Low-value trading platform',
      Creator: 'Low-value trading platform',
      CreationDate: meta.createdAt,
      ModDate: meta.createdAt,
    },
  });
  doc.registerFont(PDF_FONT, font());
  doc.font(PDF_FONT);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish(): Promise<Buffer> {
      doc.end();
      return ended;
    },
  };
}
