import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { auth, call, uploadPdf } from './trading';

/** A plain image as a template's letterhead or seal: a block of one colour. */
function block(rgb: [number, number, number]): Buffer {
  const image = new PNG({ width: 200, height: 70 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([...rgb, 255], i);
  return PNG.sync.write(image);
}

async function templateImage(api: APIRequestContext, token: string, rgb: [number, number, number]) {
  const res = await api.post('/api/letter/letterModel/uploadFile', {
    headers: auth(token),
    multipart: { file: { name: 'image.png', mimeType: 'image/png', buffer: block(rgb) } },
  });
  return (await res.json()).fileName as string;
}

/**
 * Guarantee staff's letter template (with a letterhead and a seal) and a bid product on the shelf;
 * `autoApproveLimitFen` 0 sends every paid order to underwriting. Answers the product's id.
 */
export async function bidProduct(
  api: APIRequestContext,
  guarantor: string,
  name: string,
  autoApproveLimitFen: number,
): Promise<number> {
  const template = await call(api, 'post', '/api/guarantee/templates', guarantor, {
    name: `${name} letter`,
    bodyZh:
      '致：{{beneficiary}}\n\n鉴于{{applicant}}参加{{project}}（项目编号 {{projectCode}}）的投标，我方愿为其提供担保，担保金额为{{amount}}（{{amountInWords}}）。\n\n本保函有效期自{{validFrom}}至{{validTo}}。保函编号：{{letterNo}}。',
    bodyEn: 'To {{beneficiary}}: we guarantee {{applicant}} for {{amount}} ({{amountInWords}}) until {{validTo}}.',
    letterhead: await templateImage(api, guarantor, [20, 60, 140]),
    seal: await templateImage(api, guarantor, [200, 30, 30]),
  });
  const product = await call(api, 'post', '/api/guarantee/products', guarantor, {
    name,
    nameZh: `${name}（投标）`,
    kind: 'bid',
    rateTiers: [
      [100_000, 0.005],
      [null, 0.003],
    ],
    minPremiumFen: 20_000,
    validityDays: 90,
    autoApproveLimitFen,
    templateId: template.data.id,
    onShelf: true,
    description: 'Bid guarantee for works below the limit',
  });
  return product.data.id as number;
}

/** An application (no letter yet) of the supplier to a published project; answers its id. */
export async function applyWithoutLetter(api: APIRequestContext, token: string, projectId: number): Promise<number> {
  const applied = await call(api, 'post', `/api/hall/projects/${projectId}/apply`, token, {
    contactName: 'Bid Desk',
    contactTel: '13900002222',
    documents: [await uploadPdf(api, token)],
  });
  return applied.data.id as number;
}

/** A letter issued through the API: ordered, paid by voucher, confirmed by finance (auto-approved). */
export async function issuedThroughApi(
  api: APIRequestContext,
  people: { supplier: string; finance: string },
  applicationId: number,
  productId: number,
  amountFen: number,
) {
  const order = await call(api, 'post', '/api/guarantee/orders', people.supplier, {
    applicationId,
    productId,
    amountFen,
  });
  const id = order.data.id as number;
  await call(api, 'post', `/api/guarantee/orders/${id}/submit`, people.supplier);
  await call(api, 'post', `/api/guarantee/orders/${id}/voucher`, people.supplier, {
    voucher: await uploadPdf(api, people.supplier, 'transfer.pdf'),
  });
  const paid = await call(api, 'post', `/api/guarantee/orders/${id}/confirm-payment`, people.finance);
  return paid.data as { id: number; letterNo: string; status: string };
}

/**
 * What a person's reader shows of a letter: its first page rendered (poppler's pdftoppm), and the
 * text of its QR code as a phone's camera would read it.
 */
export function readLetterQr(pdf: Buffer): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'letter-'));
  try {
    const file = path.join(dir, 'letter.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(path.join(dir, 'page-1.png')));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
