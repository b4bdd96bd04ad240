import { randomBytes } from 'node:crypto';
import { TEMPLATE_PLACEHOLDERS } from '@lvb/contracts/guarantees';
import { fenToChineseCapital } from '@lvb/contracts/money';
import QRCode from 'qrcode';
import { platformTime, platformZone, yuan } from '../../i18n/format.ts';
import { newPdf } from '../../lib/pdf.ts';

/** What a guarantee letter states, read from the records in the issuing transaction. */
export interface LetterFacts {
  letterNo: string;
  verifyCode: string;
  beneficiary: string;
  applicant: string;
  project: string;
  projectCode: string;
  amountFen: number;
  validFrom: string;
  validTo: string;
  issuedAt: Date;
  /** Where the QR code leads: the public verification page with number and code. */
  verifyUrl: string;
  template: { bodyZh: string; bodyEn: string; letterhead: Buffer | null; seal: Buffer | null };
}

/** The letter's number: BH, the issue date (platform's) and the order's id. */
export const letterNumber = (issuedAt: Date, orderId: number) =>
  `BH${platformTime(issuedAt).slice(0, 10).replace(/-/g, '')}${String(orderId).padStart(6, '0')}`;

/** No 0/O, 1/I/L: a code read aloud or typed from paper is read right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Eight characters from a cryptographic generator (rejection sampling: no bias). */
export function verificationCode(): string {
  let code = '';
  while (code.length < 8) {
    for (const b of randomBytes(16)) {
      if (b < 256 - (256 % ALPHABET.length) && code.length < 8) code += ALPHABET[b % ALPHABET.length];
    }
  }
  return code;
}

/** A plain date `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The template's text with each {{placeholder}} filled (an unknown one left as it is). */
export function fillTemplate(body: string, values: Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string>): string {
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(key) ? values[key as keyof typeof values] : whole,
  );
}

/** Sample values of a template's preview. */
export const SAMPLE_FACTS = {
  letterNo: 'BH20260101000001',
  verifyCode: 'ABCD2345',
  beneficiary: '示例业主单位 Sample Owner',
  applicant: '示例供应商有限公司 Sample Supplier Co., Ltd.',
  project: '示例项目 Sample project',
  projectCode: 'LV20260101000001',
  amountFen: 800_000,
  validFrom: '2026-01-01',
  validTo: '2026-04-01',
};

function drawImage(
  doc: PDFKit.PDFDocument,
  bytes: Buffer | null,
  options: PDFKit.Mixins.ImageOption,
  x?: number,
  y?: number,
) {
  if (!bytes) return;
  try {
    doc.image(bytes, x, y, options);
  } catch {
    // Not an image pdfkit reads (a template document rather than a PNG or JPEG): left out.
  }
}

/**
 * The guarantee letter (保函) as a PDF: the letterhead on top, the template's Chinese text filled
 * (the amount in figures and in Chinese capital numerals), the English text when the template has
 * one, the letter number, the verification code and a QR code to the public verification page,
 * the seal near the signature. The caller stores the bytes and records their SHA-256.
 */
export async function guaranteeLetterPdf(f: LetterFacts): Promise<Buffer> {
  const { doc, finish } = newPdf({
    title: `保函 Letter of Guarantee ${f.letterNo}`,
    subject: `${f.projectCode} ${f.project}`,
    createdAt: f.issuedAt,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const values = {
    beneficiary: f.beneficiary,
    applicant: f.applicant,
    project: f.project,
    projectCode: f.projectCode,
    amount: yuan(f.amountFen),
    amountInWords: `人民币${fenToChineseCapital(f.amountFen)}`,
    validFrom: f.validFrom,
    validTo: f.validTo,
    letterNo: f.letterNo,
  };

  if (f.template.letterhead) {
    drawImage(doc, f.template.letterhead, { fit: [width, 60], align: 'center' }, left, doc.page.margins.top - 40);
    doc.y = doc.page.margins.top + 30;
  }
  doc.fontSize(22).text('保函', left, doc.y, { align: 'center', width });
  doc.fontSize(12).fillColor('#555').text('Letter of Guarantee', { align: 'center', width });
  doc.moveDown(0.5).fontSize(10).text(`编号 No. ${f.letterNo}`, { align: 'right', width });
  doc.text(`验证码 Verification code ${f.verifyCode}`, { align: 'right', width }).fillColor('#000');
  doc.moveDown();

  doc.fontSize(12);
  for (const paragraph of fillTemplate(f.template.bodyZh, values).split(/\n\s*\n/)) {
    doc.text(paragraph.trim(), { width, lineGap: 4 });
    doc.moveDown(0.6);
  }
  doc.moveDown(0.4);
  doc
    .fontSize(11)
    .text(`担保金额 Amount: ${values.amount}（${values.amountInWords}）`, { width })
    .text(`有效期 Valid: ${f.validFrom} — ${f.validTo}`, { width });
  if (f.template.bodyEn.trim()) {
    doc.moveDown();
    doc.fontSize(10).fillColor('#333');
    for (const paragraph of fillTemplate(f.template.bodyEn, values).split(/\n\s*\n/)) {
      doc.text(paragraph.trim(), { width, lineGap: 3 });
      doc.moveDown(0.5);
    }
    doc.fillColor('#000');
  }

  doc.moveDown(2);
  const signY = doc.y;
  drawImage(doc, f.template.seal, { fit: [110, 110] }, left + width - 150, signY - 20);
  doc.fontSize(11).text('担保人（盖章） Guarantor (seal)', left, signY + 30, { align: 'right', width });
  doc.fontSize(10).text(`出具时间 Issued ${platformTime(f.issuedAt)} (${platformZone(f.issuedAt)})`, {
    align: 'right',
    width,
  });

  const qr = await QRCode.toBuffer(f.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 160 });
  const qrY = Math.max(doc.y + 20, signY + 90);
  doc.image(qr, left, qrY, { fit: [90, 90] });
  doc
    .fontSize(8)
    .fillColor('#777')
    .text(
      `扫码或访问平台核验本保函（编号与验证码）。Scan or visit the platform to verify this letter by its number and code: ${f.verifyUrl}`,
      left + 100,
      qrY + 10,
      { width: width - 100 },
    );
  return finish();
}
