import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { applyTo, type Supplier } from './bids-fixtures.ts';
import { as, createProject, createSupplier, upload, uploadPdf } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** The project factory's bid guarantee: ¥8,000. */
export const GUARANTEE = 800_000;

export type Applicant = Supplier & { applicationId: number; projectId: number };

/**
 * The guarantee service's test kit: a letter template with its images, products, an applicant to a
 * project that requires a bid guarantee, and an order brought to its payment.
 */
export function guaranteeKit(get: () => { t: TestApp; guarantor: string; owner: string; auditor: string }) {
  /** A plain image (a coloured block: nothing a QR reader could mistake for the letter's code). */
  async function templateImage(rgb: [number, number, number]) {
    const { t, guarantor } = get();
    const image = new PNG({ width: 160, height: 60 });
    for (let i = 0; i < image.data.length; i += 4) image.data.set([...rgb, 255], i);
    const png = PNG.sync.write(image);
    const res = await upload(t, guarantor, [{ name: 'image.png', bytes: png }], '/api/letter/letterModel/uploadFile');
    expect(res.json().code, res.body).toBe(200);
    return res.json().fileName as string;
  }

  const templateBody = async () => ({
    name: 'Bid guarantee letter',
    bodyZh:
      '致：{{beneficiary}}\n\n鉴于{{applicant}}参加{{project}}（项目编号 {{projectCode}}）的投标，我方愿为其提供担保，担保金额为{{amount}}（{{amountInWords}}）。\n\n本保函有效期自{{validFrom}}至{{validTo}}。保函编号：{{letterNo}}。',
    bodyEn: 'To {{beneficiary}}: we guarantee {{applicant}} for {{amount}} until {{validTo}}.',
    letterhead: await templateImage([20, 60, 140]),
    seal: await templateImage([200, 30, 30]),
  });

  const productBody = (templateId: number, overrides: Record<string, unknown> = {}) => ({
    name: 'Bid guarantee',
    nameZh: '投标保函',
    kind: 'bid',
    rateTiers: [
      [100_000, 0.005],
      [null, 0.003],
    ],
    minPremiumFen: 20_000,
    validityDays: 90,
    autoApproveLimitFen: 1_000_000,
    templateId,
    onShelf: true,
    description: '',
    ...overrides,
  });

  /** A template and a bid product issued at once on payment; answers their ids. */
  async function autoProduct(overrides: Record<string, unknown> = {}) {
    const { t, guarantor } = get();
    const tpl = await as(t.app, guarantor).post('/api/guarantee/templates', await templateBody());
    expect(tpl.json().code, tpl.body).toBe(200);
    const product = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody(tpl.json().data.id, overrides),
    );
    expect(product.json().code, product.body).toBe(200);
    return { templateId: tpl.json().data.id as number, productId: product.json().data.id as number };
  }

  /** A supplier applied (pending its check) to a new published project that requires a bid guarantee. */
  async function applicant(): Promise<Applicant> {
    const { t, owner, auditor } = get();
    const projectId = await createProject(t, { owner, auditor }, 'published');
    const s = await createSupplier(t);
    return { ...s, projectId, applicationId: await applyTo(t, s, projectId) };
  }

  const order = (s: Supplier & { applicationId: number }, productId: number, amountFen = GUARANTEE) =>
    as(get().t.app, s.token).post('/api/guarantee/orders', { applicationId: s.applicationId, productId, amountFen });

  /** An order by `s` brought to `awaiting_payment`; answers its id. */
  async function awaitingPayment(s: Supplier & { applicationId: number }, productId: number) {
    const { t } = get();
    const created = await order(s, productId);
    expect(created.json().code, created.body).toBe(200);
    const id = created.json().data.id as number;
    const submitted = await as(t.app, s.token).post(`/api/guarantee/orders/${id}/submit`);
    expect(submitted.json().data?.status, submitted.body).toBe('submitted');
    const voucher = await as(t.app, s.token).post(`/api/guarantee/orders/${id}/voucher`, {
      voucher: await uploadPdf(t, s.token),
    });
    expect(voucher.json().data?.status, voucher.body).toBe('awaiting_payment');
    return id;
  }

  /** An issued letter (a product within its auto-approve limit, paid): answers the order. */
  async function issued(s: Supplier & { applicationId: number }, productId: number, finance: string) {
    const id = await awaitingPayment(s, productId);
    const paid = await as(get().t.app, finance).post(`/api/guarantee/orders/${id}/confirm-payment`);
    expect(paid.json().data?.status, paid.body).toBe('issued');
    return paid.json().data as { id: number; letterNo: string; validFrom: string; validTo: string };
  }

  return { templateBody, productBody, autoProduct, applicant, order, awaitingPayment, issued };
}
