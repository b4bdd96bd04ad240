import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { guaranteeOrderWorkflow, type OrderEvent } from '@lvb/contracts/guarantee-order-workflow';
import { createGuaranteesService } from '../src/modules/guarantees/guarantees.service.ts';
import { runAwardTick } from '../src/modules/results/results.scheduler.ts';
import { biddingApp } from './bids-fixtures.ts';
import { as, createSupplier, multipart, ownerOfNewOrganisation, signInAs, uploadPdf } from './factories.ts';
import { GUARANTEE, guaranteeKit, type Applicant } from './guarantee-fixtures.ts';
import { DAY, resultsKit } from './results-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * An issued letter's life (DESIGN §7 "Guarantee service"): the application takes it (or names a
 * letter from elsewhere), the owner reads it through the application, the supplier surrenders it
 * before the bid deadline, the scheduler releases or expires it, the beneficiary claims on it and
 * guarantee staff pay or refuse; and the letter as a person reads it (its text, its QR code).
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string, guarantor: string, finance: string;
let productId: number;
const kit = guaranteeKit(() => ({ t, guarantor, owner, auditor }));
const results = resultsKit(() => ({ t, owner, auditor, supervisor }));

beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
  [guarantor, finance] = await Promise.all([signInAs(t, 'guarantor1'), signInAs(t, 'finance1')]);
  ({ productId } = await kit.autoProduct());
}, 60_000);
afterAll(() => t.close());

const sweep = () => createGuaranteesService({ db: t.database.db, publicBaseUrl: null }).sweep();
const orderStatus = async (id: number) =>
  (await queryRows<{ status: string }>(t.database.db, sql`select status from guarantee_orders where id = ${id}`))[0]!
    .status;
const audits = async (id: number, action: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_trail where subject_type = 'guarantee_order' and subject_id = ${id} and action = ${action}`,
    )
  )[0]!.n;
const noticesTo = async (companyId: number) =>
  queryRows<{ title: string; title_zh: string }>(
    t.database.db,
    sql`select title, title_zh from notices where company_id = ${companyId} order by id`,
  );
const take = (s: Applicant, body: Record<string, unknown>) =>
  as(t.app, s.token).put(`/api/supplier/applications/${s.applicationId}/guarantee`, body);
const claim = (token: string, s: Applicant, files: string[], amountFen = GUARANTEE) =>
  as(t.app, token).post('/api/guarantee/claims', {
    applicationId: s.applicationId,
    amountFen,
    reason: 'The bidder withdrew after the bid deadline',
    files,
  });

/** Moves the business clock to `seconds` after the project's bid deadline. */
async function pastDeadline(projectId: number, seconds = 60) {
  const [p] = await queryRows<{ s: number }>(
    t.database.db,
    sql`select extract(epoch from bid_deadline - now())::int as s from projects where id = ${projectId}`,
  );
  await results.moveClock(p!.s + seconds);
}

/** An applicant whose application holds a letter the platform issued for it. */
async function holder() {
  const s = await kit.applicant();
  const letter = await kit.issued(s, productId, finance);
  expect((await take(s, { orderId: letter.id })).json().data?.verified).toBe(true);
  return { s, letter };
}

describe('every refused step', () => {
  it('an order step its status does not allow is refused with the status named, in both languages', async () => {
    const labels: Record<string, string> = {
      draft: '草稿',
      submitted: '已提交',
      awaiting_payment: '待确认收款',
      issued: '已出函',
      cancelled: '已取消',
    };
    const s = await kit.applicant();
    const draft = (await kit.order(s, productId)).json().data.id as number;
    const s2 = await kit.applicant();
    const awaiting = await kit.awaitingPayment(s2, productId);
    const s3 = await kit.applicant();
    const issued = (await kit.issued(s3, productId, finance)).id;
    const s4 = await kit.applicant();
    const cancelled = (await kit.order(s4, productId)).json().data.id as number;
    expect((await as(t.app, s4.token).post(`/api/guarantee/orders/${cancelled}/cancel`)).json().code).toBe(200);
    const s5 = await kit.applicant();
    const submitted = (await kit.order(s5, productId)).json().data.id as number;
    expect((await as(t.app, s5.token).post(`/api/guarantee/orders/${submitted}/submit`)).json().code).toBe(200);

    const steps: [string, OrderEvent, (o: { token: string }) => string, object, string][] = [
      ['submit', 'submit', (o) => o.token, {}, '提交'],
      ['voucher', 'give_voucher', (o) => o.token, {}, '上传付款凭证'],
      ['confirm-payment', 'confirm_payment', () => finance, {}, '确认收款'],
      ['return-payment', 'return_payment', () => finance, { reason: 'wrong' }, '退回付款凭证'],
      ['issue', 'issue', () => guarantor, {}, '出函'],
      ['reject', 'reject', () => guarantor, { reason: 'no', refundFen: 0 }, '拒绝'],
      ['cancel', 'cancel', (o) => o.token, {}, '取消'],
      ['surrender', 'surrender', (o) => o.token, { reason: 'no' }, '退保'],
    ];
    const orders: [number, string, Applicant][] = [
      [draft, 'draft', s],
      [submitted, 'submitted', s5],
      [awaiting, 'awaiting_payment', s2],
      [issued, 'issued', s3],
      [cancelled, 'cancelled', s4],
    ];
    let refused = 0;
    for (const [id, status, owner] of orders)
      for (const [path, event, who, body, pastZh] of steps) {
        const allowed = guaranteeOrderWorkflow.events.find((e) => e.event === event)!.from as readonly string[];
        if (allowed.includes(status)) continue;
        const payload = path === 'voucher' ? { voucher: await uploadPdf(t, owner.token) } : body;
        const zh = await as(t.app, who(owner), 'zh-CN').post(`/api/guarantee/orders/${id}/${path}`, payload);
        expect(zh.statusCode, `${path} on ${status}: ${zh.body}`).toBe(409);
        expect(zh.json().msg).toBe(`状态为“${labels[status]}”的保函订单不能${pastZh}`);
        const en = await as(t.app, who(owner), 'en').post(`/api/guarantee/orders/${id}/${path}`, payload);
        expect(en.json().msg).toMatch(new RegExp(`^a guarantee order that is ${status.replace(/_/g, ' ')} cannot be `));
        refused += 1;
      }
    expect(refused).toBeGreaterThanOrEqual(30);
    // Nothing moved.
    for (const [id, status] of orders) expect(await orderStatus(id)).toBe(status);
  });
});

describe('the application takes the letter', () => {
  it("offers the company's issued letters for the project and takes one; the owner reads it in scope", async () => {
    const s = await kit.applicant();
    const letter = await kit.issued(s, productId, finance);
    const offered = await as(t.app, s.token).get(`/api/supplier/applications/${s.applicationId}/letters`);
    expect(offered.json().data).toEqual([
      {
        orderId: letter.id,
        letterNo: letter.letterNo,
        amountFen: GUARANTEE,
        validFrom: letter.validFrom,
        validTo: letter.validTo,
        sufficient: true,
        taken: false,
      },
    ]);
    const stranger = await createSupplier(t);
    expect(
      (await as(t.app, stranger.token).get(`/api/supplier/applications/${s.applicationId}/letters`)).statusCode,
    ).toBe(404);
    expect((await take({ ...s, token: stranger.token }, { orderId: letter.id })).statusCode).toBe(404);

    const wrong = await take(s, { orderId: 999_999 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('orderId');
    const both = await take(s, { orderId: letter.id, letterNo: 'X' });
    expect(both.statusCode).toBe(400);

    const taken = await take(s, { orderId: letter.id });
    expect(taken.json().data).toMatchObject({
      letterNo: letter.letterNo,
      verified: true,
      orderId: letter.id,
      status: 'issued',
      amountFen: GUARANTEE,
    });
    const again = await as(t.app, s.token).get(`/api/supplier/applications/${s.applicationId}/letters`);
    expect(again.json().data[0].taken).toBe(true);

    // The owner reads it through the application: verified, and its PDF, the issued file.
    const seen = await as(t.app, owner).get(`/api/applications/${s.applicationId}/guarantee`);
    expect(seen.json().data).toMatchObject({ letterNo: letter.letterNo, verified: true, status: 'issued' });
    const pdf = await as(t.app, owner).get(`/api/applications/${s.applicationId}/guarantee/letter`);
    expect(pdf.statusCode).toBe(200);
    const [stored] = await queryRows<{ letter_sha256: string }>(
      t.database.db,
      sql`select letter_sha256 from guarantee_orders where id = ${letter.id}`,
    );
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(stored!.letter_sha256);
    // An owner of another organisation does not see the application; a supplier has no such page.
    const elsewhere = await ownerOfNewOrganisation(t, admin, 'Another Owner Bureau');
    expect((await as(t.app, elsewhere.token).get(`/api/applications/${s.applicationId}/guarantee`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(t.app, elsewhere.token).get(`/api/applications/${s.applicationId}/guarantee/letter`)).statusCode,
    ).toBe(404);
    expect((await as(t.app, s.token).get(`/api/applications/${s.applicationId}/guarantee`)).statusCode).toBe(403);

    // A number typed for the platform's letter is that letter; another number is unverified.
    const typed = await take(s, { letterNo: letter.letterNo.toLowerCase() });
    expect(typed.json().data).toMatchObject({ verified: true, orderId: letter.id });
    const outside = await take(s, { letterNo: 'EXT-2026-77' });
    expect(outside.json().data).toMatchObject({ letterNo: 'EXT-2026-77', verified: false, status: null });
    expect((await as(t.app, owner).get(`/api/applications/${s.applicationId}/guarantee`)).json().data).toMatchObject({
      verified: false,
    });

    // Checked, the application keeps its letter.
    expect((await take(s, { orderId: letter.id })).json().code).toBe(200);
    expect((await as(t.app, auditor).post(`/api/applications/${s.applicationId}/qualify`)).json().code).toBe(200);
    const late = await take(s, { letterNo: 'EXT-3' });
    expect(late.statusCode).toBe(409);
  });
});

describe('surrender', () => {
  it('the supplier surrenders its bid letter before the deadline, with the reason; not after', async () => {
    const s = await kit.applicant();
    const letter = await kit.issued(s, productId, finance);
    const url = `/api/guarantee/orders/${letter.id}/surrender`;
    expect((await as(t.app, s.token).post(url, {})).statusCode).toBe(400);
    expect((await as(t.app, finance).post(url, { reason: 'not ours' })).statusCode).toBe(403);
    const stranger = await createSupplier(t);
    expect((await as(t.app, stranger.token).post(url, { reason: 'not ours' })).statusCode).toBe(404);
    const done = await as(t.app, s.token).post(url, { reason: 'We do not bid after all' });
    expect(done.json().data, done.body).toMatchObject({
      status: 'surrendered',
      statusReason: 'We do not bid after all',
    });
    expect(done.json().data.timeline.map((e: { action: string }) => e.action)).toContain('guarantee_order.surrender');
    const twice = await as(t.app, s.token, 'zh-CN').post(url, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('状态为“已退保”的保函订单不能退保');
    // Surrendered, the letter no longer verifies as in force.
    const [row] = await queryRows<{ verify_code: string }>(
      t.database.db,
      sql`select verify_code from guarantee_orders where id = ${letter.id}`,
    );
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/public/letters/verify?letterNo=${letter.letterNo}&code=${row!.verify_code}`,
    });
    expect(check.json().data.status).toBe('surrendered');

    const late = await kit.applicant();
    const kept = await kit.issued(late, productId, finance);
    await pastDeadline(late.projectId);
    try {
      const refused = await as(t.app, late.token).post(`/api/guarantee/orders/${kept.id}/surrender`, {
        reason: 'late',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toMatch(/^the bid deadline \(\d{4}-\d\d-\d\d \d\d:\d\d\) has passed/);
      expect(await orderStatus(kept.id)).toBe('issued');
    } finally {
      await results.moveClock(0);
    }
  });
});

describe('release and expiry by the scheduler', () => {
  it("releases the losers' bid letters once the project is awarded, each once however many ticks; the winner's stays", async () => {
    const letters = new Map<number, number>();
    const { bidders } = await results.inPublicity(3, 3_000_000, async (_projectId, bs) => {
      for (const b of bs) letters.set(b.applicationId, (await kit.issued(b, productId, finance)).id);
    });
    try {
      await sweep();
      for (const id of letters.values()) expect(await orderStatus(id)).toBe('issued');
      await results.afterPublicity();
      expect(await runAwardTick(t.database.db)).toBeGreaterThanOrEqual(1);
      await Promise.all([sweep(), sweep(), sweep()]);
    } finally {
      await results.moveClock(0);
    }
    const [winner, ...losers] = bidders;
    expect(await orderStatus(letters.get(winner!.applicationId)!)).toBe('issued');
    for (const l of losers) {
      const id = letters.get(l.applicationId)!;
      expect(await orderStatus(id)).toBe('released');
      expect(await audits(id, 'guarantee_order.release')).toBe(1);
      const notices = await noticesTo(l.compId);
      expect(notices.some((n) => n.title.endsWith('released') && n.title_zh.endsWith('已解除'))).toBe(true);
      expect(await results.smsTo(l.tel)).toMatch(/已解除.*released/s);
    }
  }, 120_000);

  it("a cancelled project's bid letters are released", async () => {
    const { s, letter } = await holder();
    const cancelled = await as(t.app, owner).post(`/api/projects/${s.projectId}/cancel`, {
      reason: 'Budget withdrawn',
    });
    expect(cancelled.json().code, cancelled.body).toBe(200);
    await sweep();
    expect(await orderStatus(letter.id)).toBe('released');
  });

  it('expires a letter after its last day unless a claim holds it; refused, the next tick expires it', async () => {
    const { s, letter } = await holder();
    const filed = await claim(owner, s, []);
    expect(filed.json().code, filed.body).toBe(200);
    // The day after its last day, in the platform's zone (UTC+8).
    const end = new Date(`${letter.validTo}T00:00:00+08:00`).getTime() + DAY * 1000;
    await results.moveClock(Math.ceil((end - Date.now()) / 1000) + 60);
    try {
      await sweep();
      expect(await orderStatus(letter.id)).toBe('issued');
      const refused = await as(t.app, guarantor).post(`/api/guarantee/claims/${filed.json().data.id}/refuse`, {
        reason: 'The withdrawal was before the deadline',
      });
      expect(refused.json().data?.status, refused.body).toBe('refused');
      await sweep();
      expect(await orderStatus(letter.id)).toBe('expired');
      const notices = await noticesTo(s.compId);
      expect(notices.some((n) => n.title.endsWith('expired') && n.title_zh.endsWith('已到期'))).toBe(true);
      const after = await claim(owner, s, [], 100);
      expect(after.statusCode).toBe(409);
      expect(after.json().msg).toBe('the letter is no longer in force: it cannot be claimed on');
    } finally {
      await results.moveClock(0);
    }
  });
});

describe('claims', () => {
  it('the beneficiary claims with reason and files; staff refuse, then pay; the company is told in both languages', async () => {
    const { s, letter } = await holder();
    const file = await uploadPdf(t, owner);
    const tooMuch = await claim(owner, s, [file], GUARANTEE + 1);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe('amountFen');
    expect((await claim(s.token, s, [file])).statusCode).toBe(403);
    expect((await claim(guarantor, s, [file])).statusCode).toBe(403);

    // Twenty identical claims at once: one is filed.
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(owner, s, [file])));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const first = answers.find((r) => r.statusCode === 200)!.json().data;
    expect(first).toMatchObject({
      letterNo: letter.letterNo,
      companyName: s.compName,
      amountFen: GUARANTEE,
      letterAmountFen: GUARANTEE,
      status: 'filed',
      files: [file],
    });
    expect(first.fileNames[file]).toBe('Bidding document.pdf');
    expect(first.claimNo).toMatch(/^CL\d{8}[0-9A-F]{8}$/);
    expect((await noticesTo(s.compId)).some((n) => n.title_zh.endsWith('收到索赔'))).toBe(true);

    // Staff see it, read its file, export the list; the company does not read the owner's file.
    const listed = await as(t.app, guarantor).get('/api/guarantee/claims?status=filed');
    expect(listed.json().rows.map((r: { id: number }) => r.id)).toContain(first.id);
    expect((await as(t.app, guarantor).get(`/common/download?fileName=${file}`)).statusCode).toBe(200);
    expect((await as(t.app, s.token).get(`/common/download?fileName=${file}`)).statusCode).toBe(403);
    const xlsx = await as(t.app, guarantor, 'zh-CN').get('/api/guarantee/claims/export');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('保函索赔.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '索赔编号',
      '保函编号',
      '申请单位',
      '受益人',
      '项目编号',
      '项目名称',
      '担保金额（元）',
      '索赔金额（元）',
      '索赔理由',
      '状态',
      '处理意见',
      '索赔时间',
    ]);
    const claimed = sheet.getColumn(1).values.indexOf(first.claimNo);
    expect(claimed).toBeGreaterThan(1);
    const cells = (sheet.getRow(claimed).values as unknown[]).slice(1);
    expect(cells[6]).toBe(GUARANTEE / 100);
    expect(cells[9]).toBe('待处理');

    // Refused with a reason: the letter stays in force and may be claimed on again.
    expect((await as(t.app, guarantor).post(`/api/guarantee/claims/${first.id}/refuse`, {})).statusCode).toBe(400);
    const refused = await as(t.app, guarantor).post(`/api/guarantee/claims/${first.id}/refuse`, {
      reason: 'No breach shown',
    });
    expect(refused.json().data).toMatchObject({ status: 'refused', statusReason: 'No breach shown' });
    expect(await orderStatus(letter.id)).toBe('issued');
    const second = (await claim(owner, s, [], 500_000)).json().data;
    expect(second.status).toBe('filed');

    // Paid once, whoever presses at once; the letter ends claimed.
    expect((await as(t.app, finance).post(`/api/guarantee/claims/${second.id}/pay`)).statusCode).toBe(403);
    const pays = await Promise.all(
      Array.from({ length: 20 }, () => as(t.app, guarantor).post(`/api/guarantee/claims/${second.id}/pay`)),
    );
    expect(pays.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(pays.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await orderStatus(letter.id)).toBe('claimed');
    expect(await audits(letter.id, 'guarantee_order.claim_paid')).toBe(1);
    const detail = (await as(t.app, s.token).get(`/api/guarantee/my-orders/${letter.id}`)).json().data;
    expect(detail.claims.map((c: { status: string }) => c.status)).toEqual(['paid', 'refused']);
    expect(detail.timeline.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['guarantee_order.letter', 'guarantee_order.claim', 'guarantee_order.claim_paid']),
    );
    const sms = await results.smsTo(s.tel);
    expect(sms).toMatch(/赔付 ¥5,000.00，该保函责任终止。 The guarantor paid ¥5,000.00/);
    expect(sms).toMatch(/索赔已被拒绝。原因：No breach shown The claim of .* was refused/);
    const after = await claim(owner, s, [], 100);
    expect(after.statusCode).toBe(409);
  });

  it('a claim needs a letter of the platform that the application holds, in the owner’s scope', async () => {
    const s = await kit.applicant();
    expect((await take(s, { letterNo: 'EXT-1' })).json().code).toBe(200);
    const outside = await claim(owner, s, [], 100);
    expect(outside.statusCode).toBe(409);
    const { s: held } = await holder();
    const elsewhere = await ownerOfNewOrganisation(t, admin, 'A Third Owner Bureau');
    // An owner of another organisation is not its beneficiary and does not see the application.
    expect((await claim(elsewhere.token, held, [], 100)).statusCode).toBe(404);
  });
});

describe('the letter as a person reads it', () => {
  it('its text and its look carry its data, the QR code opens its verification; a tampered copy fails', async () => {
    const { s, letter } = await holder();
    const detail = (await as(t.app, s.token).get(`/api/guarantee/my-orders/${letter.id}`)).json().data;
    const pdf = (await as(t.app, s.token).get(`/api/guarantee/orders/${letter.id}/letter`)).rawPayload;
    const [row] = await queryRows<{ verify_code: string }>(
      t.database.db,
      sql`select verify_code from guarantee_orders where id = ${letter.id}`,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'letter-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'letter.pdf');
    writeFileSync(file, pdf);

    // The text, as a reader extracts it.
    const words = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString().replace(/\s+/g, '');
    for (const fact of [
      letter.letterNo,
      s.compName.replace(/\s+/g, ''),
      detail.beneficiary.replace(/\s+/g, ''),
      detail.projectCode,
      '捌仟元整',
      letter.validFrom,
      letter.validTo,
      row!.verify_code,
    ])
      expect(words).toContain(fact);

    // Its look: rendered as a reader shows it, the QR code decodes to its verification page.
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(path.join(dir, 'page-1.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toMatch(new RegExp(`/verify\\?no=${letter.letterNo}&code=${row!.verify_code}$`));
    const url = new URL(qr!.data);
    const checked = await t.app.inject({
      method: 'GET',
      url: `/api/public/letters/verify?letterNo=${url.searchParams.get('no')}&code=${url.searchParams.get('code')}`,
    });
    expect(checked.json().data).toMatchObject({ letterNo: letter.letterNo, status: 'issued', amountFen: GUARANTEE });
    // The seal and letterhead are on the page: their colours are among its pixels.
    const has = (r: number, g: number, b: number) => {
      for (let i = 0; i < png.data.length; i += 4)
        if (Math.abs(png.data[i]! - r) < 8 && Math.abs(png.data[i + 1]! - g) < 8 && Math.abs(png.data[i + 2]! - b) < 8)
          return true;
      return false;
    };
    expect(has(200, 30, 30)).toBe(true);
    expect(has(20, 60, 140)).toBe(true);

    // One byte changed: the same size, no longer the issued file.
    const tampered = Buffer.from(pdf);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const body = multipart([{ name: 'letter.pdf', bytes: tampered, type: 'application/pdf' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/letters/verify-file',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.json().data).toMatchObject({ matches: false, letterNo: null });
  });
});
