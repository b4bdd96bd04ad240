import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { runAwardTick } from '../src/modules/results/results.scheduler.ts';
import { biddingApp } from './bids-fixtures.ts';
import { GUARANTEE, guaranteeKit } from './guarantee-fixtures.ts';
import { PDF, as, createSupplier, multipart, signInAs, uploadPdf } from './factories.ts';
import { resultsKit } from './results-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';
import { sheetOf } from './workbooks.ts';

/**
 * The guarantee service (DESIGN §7 "Guarantee service"): products and templates, the supplier's
 * order through payment to the letter (at once within the auto-approve limit, or underwritten),
 * one live order per application and kind, the letter's PDF, and its public verification.
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string, guarantor: string, finance: string;
let templateId: number, autoProduct: number, underwrittenProduct: number;
beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
  [guarantor, finance] = await Promise.all([signInAs(t, 'guarantor1'), signInAs(t, 'finance1')]);
}, 60_000);
afterAll(() => t.close());

const { moveClock, inPublicity, afterPublicity } = resultsKit(() => ({ t, owner, auditor, supervisor }));

const {
  templateBody,
  productBody: productOf,
  applicant,
  order,
  awaitingPayment,
} = guaranteeKit(() => ({
  t,
  guarantor,
  owner,
  auditor,
}));
const productBody = (overrides: Record<string, unknown> = {}) => productOf(templateId, overrides);

const letterFiles = async (orderId: number) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from files where record_type = 'guarantee-letter' and record_id = ${orderId}`,
    )
  )[0]!.n;

describe('products and templates', () => {
  it('guarantee staff keep templates and products; a template in use is not removed', async () => {
    const tpl = await as(t.app, guarantor).post('/api/guarantee/templates', await templateBody());
    expect(tpl.json().code, tpl.body).toBe(200);
    templateId = tpl.json().data.id;

    // An image not uploaded as a template image is refused.
    const foreign = await as(t.app, guarantor).post('/api/guarantee/templates', {
      ...(await templateBody()),
      seal: await uploadPdf(t, guarantor),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('seal');

    const preview = await as(t.app, guarantor).get(`/api/guarantee/templates/${templateId}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const missingTemplate = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody({ templateId: 999_999 }),
    );
    expect(missingTemplate.statusCode).toBe(400);
    expect(missingTemplate.json().field).toBe('templateId');

    const auto = await as(t.app, guarantor).post('/api/guarantee/products', productBody());
    expect(auto.json().code, auto.body).toBe(200);
    autoProduct = auto.json().data.id;
    const underwritten = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody({ name: 'Bid guarantee (underwritten)', autoApproveLimitFen: 0 }),
    );
    expect(underwritten.json().code, underwritten.body).toBe(200);
    underwrittenProduct = underwritten.json().data.id;

    const bad = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody({
        rateTiers: [
          [null, 0.01],
          [100, 0.02],
        ],
      }),
    );
    expect(bad.statusCode).toBe(400);

    expect((await as(t.app, guarantor).del(`/api/guarantee/templates/${templateId}`)).statusCode).toBe(409);

    const spare = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody({ name: 'Spare', onShelf: false }),
    );
    const edited = await as(t.app, guarantor).put(`/api/guarantee/products/${spare.json().data.id}`, {
      ...productBody({ name: 'Spare product', onShelf: false }),
    });
    expect(edited.json().data.name).toBe('Spare product');
    expect((await as(t.app, guarantor).del(`/api/guarantee/products/${spare.json().data.id}`)).statusCode).toBe(200);
    expect((await as(t.app, guarantor).get(`/api/guarantee/products/${spare.json().data.id}`)).statusCode).toBe(404);

    // Not for suppliers, nor for finance.
    const s = await createSupplier(t);
    expect((await as(t.app, s.token).get('/api/guarantee/products')).statusCode).toBe(403);
    expect((await as(t.app, finance).post('/api/guarantee/products', productBody())).statusCode).toBe(403);
  });

  it('suppliers see the shelf and a quote; an amount no tier covers is refused', async () => {
    const s = await createSupplier(t);
    const shelf = await as(t.app, s.token).get('/api/guarantee/shelf?kind=bid');
    expect(shelf.json().data.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([autoProduct, underwrittenProduct]),
    );
    expect((await as(t.app, s.token).get('/api/guarantee/shelf?kind=wage')).json().data).toEqual([]);

    const q = await as(t.app, s.token).get(`/api/guarantee/quote?productId=${autoProduct}&amountFen=${GUARANTEE}`);
    expect(q.json().data).toEqual({ premiumFen: 20_000, rate: 0.005, minPremiumFen: 20_000 });
    const big = await as(t.app, s.token).get(`/api/guarantee/quote?productId=${autoProduct}&amountFen=50000000`);
    expect(big.json().data.premiumFen).toBe(150_000);

    const capped = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody({ name: 'Capped', rateTiers: [[100_000, 0.005]], onShelf: false }),
    );
    const over = await as(t.app, s.token).get(
      `/api/guarantee/quote?productId=${capped.json().data.id}&amountFen=${100_000 * 100 + 1}`,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().field).toBe('amountFen');
  });
});

describe('orders', () => {
  it('lists the applications a bid guarantee may be ordered for, before the deadline', async () => {
    const s = await applicant();
    const res = await as(t.app, s.token).get('/api/guarantee/my-applications');
    expect(res.json().code, res.body).toBe(200);
    const row = res.json().data.find((r: { applicationId: number }) => r.applicationId === s.applicationId);
    expect(row).toMatchObject({ projectId: s.projectId, kinds: ['bid'], suggestedAmountFen: GUARANTEE });
    expect(row.beneficiary).toBeTruthy();
  });

  it('draft → submitted → awaiting payment → paid → issued at once: the letter and its verification', async () => {
    const s = await applicant();
    const id = await awaitingPayment(s, autoProduct);
    const paid = await as(t.app, finance).post(`/api/guarantee/orders/${id}/confirm-payment`);
    expect(paid.json().code, paid.body).toBe(200);
    const o = paid.json().data;
    expect(o.status).toBe('issued');
    expect(o.premiumFen).toBe(20_000);
    expect(o.letterNo).toMatch(/^BH\d{8}\d{6}$/);
    expect(o.validFrom).toBeTruthy();

    const letter = await as(t.app, s.token).get(`/api/guarantee/orders/${id}/letter`);
    expect(letter.statusCode, letter.body).toBe(200);
    const bytes = letter.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const [stored] = await queryRows<{ letter_sha256: string; verify_code: string }>(
      t.database.db,
      sql`select letter_sha256, verify_code from guarantee_orders where id = ${id}`,
    );
    expect(stored!.letter_sha256).toBe(sha256);
    expect(stored!.verify_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    // Staff and finance read it too; another company does not.
    expect((await as(t.app, guarantor).get(`/api/guarantee/orders/${id}/letter`)).statusCode).toBe(200);
    expect((await as(t.app, finance).get(`/api/guarantee/orders/${id}/letter`)).statusCode).toBe(200);
    const other = await createSupplier(t);
    expect((await as(t.app, other.token).get(`/api/guarantee/orders/${id}/letter`)).statusCode).toBe(404);

    // Public verification: by number and code; a wrong code and a wrong number answer alike.
    const verify = (no: string, code: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/letters/verify?letterNo=${no}&code=${code}` });
    const good = await verify(o.letterNo, stored!.verify_code.toLowerCase());
    expect(good.json().code, good.body).toBe(200);
    expect(good.json().data).toMatchObject({
      letterNo: o.letterNo,
      status: 'issued',
      applicant: s.compName,
      amountFen: GUARANTEE,
      validFrom: o.validFrom,
      validTo: o.validTo,
    });
    const wrongCode = await verify(o.letterNo, 'ZZZZ2222');
    const wrongNumber = await verify('BH20000101000000', stored!.verify_code);
    expect(wrongCode.statusCode).toBe(404);
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongCode.json()).toEqual(wrongNumber.json());

    // The file itself: its SHA-256 is an issued letter's; another PDF is not.
    const verifyFile = async (pdf: Buffer) => {
      const body = multipart([{ name: 'letter.pdf', bytes: pdf, type: 'application/pdf' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/letters/verify-file',
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.json().code, res.body).toBe(200);
      return res.json().data;
    };
    expect(await verifyFile(bytes)).toEqual({ matches: true, sha256, letterNo: o.letterNo, status: 'issued' });
    expect((await verifyFile(PDF)).matches).toBe(false);
  });

  it('underwritten above the auto-approve limit: issued, or rejected with the refund recorded', async () => {
    const a = await applicant();
    const first = await awaitingPayment(a, underwrittenProduct);
    const paid = await as(t.app, finance).post(`/api/guarantee/orders/${first}/confirm-payment`);
    expect(paid.json().data?.status, paid.body).toBe('underwriting');
    expect((await as(t.app, finance).post(`/api/guarantee/orders/${first}/issue`)).statusCode).toBe(403);
    const issued = await as(t.app, guarantor).post(`/api/guarantee/orders/${first}/issue`);
    expect(issued.json().data?.status, issued.body).toBe('issued');
    expect(await letterFiles(first)).toBe(1);

    const b = await applicant();
    const second = await awaitingPayment(b, underwrittenProduct);
    await as(t.app, finance).post(`/api/guarantee/orders/${second}/confirm-payment`);
    const tooMuch = await as(t.app, guarantor).post(`/api/guarantee/orders/${second}/reject`, {
      reason: 'Credit check failed',
      refundFen: 20_001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe('refundFen');
    const rejected = await as(t.app, guarantor).post(`/api/guarantee/orders/${second}/reject`, {
      reason: 'Credit check failed',
      refundFen: 20_000,
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      refundFen: 20_000,
      statusReason: 'Credit check failed',
    });
    expect(await letterFiles(second)).toBe(0);

    // Rejected is not live: the application may order again.
    expect((await order(b, autoProduct)).json().code).toBe(200);
  });

  it('finance returns a voucher with a reason; the supplier gives another', async () => {
    const s = await applicant();
    const id = await awaitingPayment(s, autoProduct);
    const noReason = await as(t.app, finance).post(`/api/guarantee/orders/${id}/return-payment`, {});
    expect(noReason.statusCode).toBe(400);
    const returned = await as(t.app, finance).post(`/api/guarantee/orders/${id}/return-payment`, {
      reason: 'The amount on the voucher is wrong',
    });
    expect(returned.json().data).toMatchObject({
      status: 'submitted',
      statusReason: 'The amount on the voucher is wrong',
    });
    // Not payable as it stands.
    expect((await as(t.app, finance).post(`/api/guarantee/orders/${id}/confirm-payment`)).statusCode).toBe(409);
    const again = await as(t.app, s.token).post(`/api/guarantee/orders/${id}/voucher`, {
      voucher: await uploadPdf(t, s.token),
    });
    expect(again.json().data?.status, again.body).toBe('awaiting_payment');
    // A step its status does not allow names the status as the dictionary shows it.
    const resubmit = await as(t.app, s.token, 'zh-CN').post(`/api/guarantee/orders/${id}/submit`);
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json().msg).toBe('状态为“待确认收款”的保函订单不能提交');

    // Staff see it in the list and the export.
    const list = await as(t.app, finance).get(`/api/guarantee/orders?status=awaiting_payment`);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(id);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/guarantee/orders/export',
      headers: { ...bearer(guarantor), 'accept-language': 'zh-CN' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('保函订单.xlsx'));
    const listed = list.json().rows.find((r: { id: number }) => r.id === id);
    const exported = await sheetOf(xlsx.rawPayload);
    expect(exported.header.slice(0, 10)).toEqual([
      '订单编号',
      '申请单位',
      '项目编号',
      '项目名称',
      '受益人',
      '保函产品',
      '保函类型',
      '担保金额（元）',
      '保费（元）',
      '状态',
    ]);
    expect(exported.records.find((r) => r['订单编号'] === listed.orderNo)).toMatchObject({
      申请单位: s.compName,
      保函类型: '投标保函',
      '担保金额（元）': listed.amountFen / 100,
      '保费（元）': listed.premiumFen / 100,
      状态: '待确认收款',
    });

    // The supplier cancels an unpaid order.
    const cancelled = await as(t.app, s.token).post(`/api/guarantee/orders/${id}/cancel`);
    expect(cancelled.json().data?.status).toBe('cancelled');
  });

  it('one live order per application and kind: of 50 identical creates, one succeeds', async () => {
    const s = await applicant();
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(s, autoProduct)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from guarantee_orders where application_id = ${s.applicationId}`,
    );
    expect(count!.n).toBe(1);
  });

  it("a company neither sees nor moves another's orders, nor orders for another's application", async () => {
    const s = await applicant();
    const other = await createSupplier(t);
    const created = await order(s, autoProduct);
    const id = created.json().data.id;
    expect((await as(t.app, other.token).get(`/api/guarantee/my-orders/${id}`)).statusCode).toBe(404);
    expect((await as(t.app, other.token).post(`/api/guarantee/orders/${id}/submit`)).statusCode).toBe(404);
    expect((await as(t.app, other.token).post(`/api/guarantee/orders/${id}/cancel`)).statusCode).toBe(404);
    const mine = await as(t.app, other.token).get('/api/guarantee/my-orders');
    expect(mine.json().rows).toEqual([]);
    expect((await order({ ...other, applicationId: s.applicationId }, autoProduct)).statusCode).toBe(404);
    expect((await as(t.app, s.token).get(`/api/guarantee/my-orders/${id}`)).json().data.id).toBe(id);
    // A bid guarantee below what the project requires is refused.
    const t2 = await applicant();
    const low = await order(t2, autoProduct, GUARANTEE - 1);
    expect(low.statusCode).toBe(400);
  });

  it('50 identical payment confirmations issue one letter', async () => {
    const s = await applicant();
    const id = await awaitingPayment(s, autoProduct);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => as(t.app, finance).post(`/api/guarantee/orders/${id}/confirm-payment`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await letterFiles(id)).toBe(1);
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from guarantee_orders where id = ${id}`,
    );
    expect(row!.status).toBe('issued');

    // A product with orders stays (it may leave the shelf); its template too.
    expect((await as(t.app, guarantor).del(`/api/guarantee/products/${autoProduct}`)).statusCode).toBe(409);
    expect((await as(t.app, guarantor).del(`/api/guarantee/templates/${templateId}`)).statusCode).toBe(409);
    const products = await as(t.app, admin, 'zh-CN').get('/api/guarantee/products/export');
    expect(products.statusCode).toBe(200);
    expect(products.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await sheetOf(products.rawPayload)).header.slice(0, 4)).toEqual([
      '名称',
      '保函类型',
      '费率',
      '最低保费（元）',
    ]);

    // The issued letter in the letters' export, in the reader's language.
    const letter = (await as(t.app, guarantor).get('/api/guarantee/letters?status=issued&pageSize=100'))
      .json()
      .rows.find((r: { id: number }) => r.id === id);
    const letters = await as(t.app, guarantor, 'zh-CN').get('/api/guarantee/letters/export?status=issued');
    expect(letters.headers['content-disposition']).toContain(encodeURIComponent('已出保函.xlsx'));
    expect((await sheetOf(letters.rawPayload)).records.find((r) => r['保函编号'] === letter.letterNo)).toMatchObject({
      订单编号: letter.orderNo,
      状态: '已出函',
      '担保金额（元）': letter.amountFen / 100,
    });
  });

  it('after the award, the winner may order the other kinds at the award amount; the bid kind has passed', async () => {
    const performance = await as(t.app, guarantor).post(
      '/api/guarantee/products',
      productBody({ name: 'Performance guarantee', nameZh: '履约保函', kind: 'performance' }),
    );
    expect(performance.json().code, performance.body).toBe(200);
    const { projectId, bidders } = await inPublicity(3, 3_000_000);
    await afterPublicity();
    expect(await runAwardTick(t.database.db)).toBeGreaterThanOrEqual(1);
    await moveClock(0);
    const [winner, loser] = [bidders[0]!, bidders[1]!];

    const rows = (await as(t.app, winner.token).get('/api/guarantee/my-applications')).json().data;
    const row = rows.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row).toMatchObject({
      applicationId: winner.applicationId,
      kinds: ['performance', 'advance', 'quality', 'wage'],
      suggestedAmountFen: 3_000_000,
    });
    const lost = (await as(t.app, loser.token).get('/api/guarantee/my-applications')).json().data;
    expect(lost.find((r: { projectId: number }) => r.projectId === projectId)).toBeUndefined();

    // A bid guarantee after the deadline is refused; a performance guarantee is a draft.
    const late = await order(winner, autoProduct);
    expect(late.statusCode).toBe(409);
    const made = await order(winner, performance.json().data.id, 3_000_000);
    expect(made.json().data?.status, made.body).toBe('draft');
  }, 60_000);
});
