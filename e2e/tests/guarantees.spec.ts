import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { applyWithoutLetter, bidProduct, issuedThroughApi, readLetterQr } from '../support/guarantees';
import { call, companyOf, publishedProject, type TradingProject } from '../support/trading';

/**
 * Issue 32, the electronic bid guarantee as its users meet it. A supplier has applied to project A,
 * which requires a bid guarantee of ¥8,000, without a letter: in the browser it orders one (the
 * premium the server computes, in figures and capital numerals), submits it and uploads its transfer
 * voucher; finance confirms the payment and guarantee staff underwrite and issue the letter. The
 * supplier downloads the PDF; its QR code, decoded from the rendered page, opens /verify, which
 * says the letter is valid, as does the check by number and code on a phone, and the file check.
 * The application takes the letter; the owner sees it verified and qualifies the application. On
 * project B the supplier surrenders a letter before the bid deadline. The owner, as beneficiary,
 * claims on project A's letter; guarantee staff pay the claim and the letter ends claimed.
 */
test.describe.configure({ mode: 'serial' });

const stamp = String(Date.now()).slice(-6);
const NAME_A = `E2E guaranteed footbridge ${stamp}`;
const NAME_B = `E2E guaranteed retaining wall ${stamp}`;
const PRODUCT = `E2E bid guarantee ${stamp}`;
const GUARANTEE_FEN = 800_000;

let owner = '';
let auditor = '';
let guarantor = '';
let finance = '';
let supplier = '';
let company = '';
let applicationA = 0;
let letterA = { no: '', orderId: 0, pdf: Buffer.alloc(0) };
let letterB = { id: 0, letterNo: '' };

const PROJECT: Omit<TradingProject, 'name'> = {
  model: 2,
  budget: 50_000_000,
  minParticipants: 3,
  signupDays: 5,
  openingAfterHours: 1,
  qualification: 'Municipal works grade three or above',
  guaranteeAmountFen: GUARANTEE_FEN,
};

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/guarantee-${name}.png`, fullPage: true });
}

/** The rows of the page's table that mention `text`. */
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

test.beforeAll(async () => {
  const api = await apiContext();
  owner = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  auditor = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  guarantor = await employeeToken(api, 'guarantor1', DEMO_PASSWORD);
  finance = await employeeToken(api, 'finance1', DEMO_PASSWORD);
  supplier = sharedToken('supplier');
  company = await companyOf(api, supplier);
  // Underwritten above ¥0: every order of this product goes to guarantee staff.
  await bidProduct(api, guarantor, PRODUCT, 0);
  const quick = await bidProduct(api, guarantor, `${PRODUCT} express`, 10_000_000);
  const a = await publishedProject(api, { owner, auditor }, { ...PROJECT, name: NAME_A });
  const b = await publishedProject(api, { owner, auditor }, { ...PROJECT, name: NAME_B });
  applicationA = await applyWithoutLetter(api, supplier, a.projectId);
  const applicationB = await applyWithoutLetter(api, supplier, b.projectId);
  letterB = await issuedThroughApi(api, { supplier, finance }, applicationB, quick, GUARANTEE_FEN);
  await api.dispose();
});

test('the supplier orders a bid guarantee: the premium the server computes, submitted, the voucher sent', async ({
  page,
}) => {
  await openSignedIn(page, supplier, `/orders/order?applicationId=${applicationA}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(NAME_A);
  await dialog.getByLabel('Kind').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Bid' }).first().click();
  await dialog.getByLabel('Product').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${PRODUCT}$`) })
    .click();
  await dialog.getByLabel('Guaranteed amount').fill('8000');
  // 0.5% of ¥8,000 is ¥40, under the minimum premium of ¥200.
  await expect(dialog.getByTestId('quoted-premium')).toContainText('¥200.00');
  await expect(dialog.getByTestId('quoted-premium')).toContainText('贰佰元整');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved. Submit it to fix the premium.')).toBeVisible();

  const row = rowOf(page, NAME_A);
  await row.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('submit-confirm')).toContainText('捌仟元整');
  await confirmDialog(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The order is submitted.')).toBeVisible();
  await row.getByRole('button', { name: 'Upload voucher' }).click();
  const voucher = page.getByRole('dialog');
  await voucher.locator('input[type=file]').setInputFiles({
    name: 'premium-transfer.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await expect(voucher.getByText('premium-transfer.pdf')).toBeVisible();
  await voucher.getByRole('button', { name: 'Send voucher' }).click();
  await expect(page.getByText('The voucher is sent; finance will confirm the payment.')).toBeVisible();
  await expect(row).toContainText('Payment to confirm');
  await shot(page, 'orders');
});

test('finance confirms the payment; guarantee staff underwrite and issue the letter', async ({ page }) => {
  await openSignedIn(page, finance, '/order');
  const row = rowOf(page, NAME_A);
  await expect(row).toContainText(company);
  await row.getByRole('button', { name: 'Confirm payment' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('The payment is confirmed.')).toBeVisible();
  await expect(row).toContainText('Underwriting');

  await openSignedIn(page, guarantor, '/order');
  const staffRow = rowOf(page, NAME_A);
  await staffRow.getByRole('button', { name: 'Issue letter' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Issue letter' }).click();
  await expect(page.getByText('The letter is issued.')).toBeVisible();
  await expect(staffRow).toContainText('Issued');
  await staffRow.getByRole('button', { name: 'View' }).click();
  const timeline = page.getByTestId('order-timeline');
  for (const step of ['Order created', 'Submitted', 'Payment confirmed', 'Underwriting started', 'Letter issued'])
    await expect(timeline).toContainText(step);
  await shot(page, 'timeline');
});

test('the supplier downloads the letter; its QR code and its number and code verify it on /verify', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, supplier, '/order/myguarantee');
  const row = rowOf(page, NAME_A);
  const letterNo = (
    await row
      .locator('td')
      .filter({ hasText: /^BH\d{14}$/ })
      .first()
      .innerText()
  ).trim();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download letter' }).click();
  const pdf = readFileSync((await (await downloading).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  letterA = { no: letterNo, orderId: 0, pdf };

  // A phone's camera reads the QR code of the rendered page: it opens the verification page.
  const qr = readLetterQr(pdf);
  expect(qr).toMatch(new RegExp(`/verify\\?no=${letterNo}&code=[A-Z0-9]{8}$`));
  const code = new URL(qr!).searchParams.get('code')!;
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(new URL(qr!).pathname + new URL(qr!).search);
  await expect(phone.getByText('Valid (Issued)')).toBeVisible();
  await expect(phone.getByText(company)).toBeVisible();
  await expect(phone.getByText('捌仟元整')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, 'verify-phone');

  // By number and code typed by hand, in Chinese.
  await phone.goto('/verify');
  await phone.getByLabel('Letter number').fill(letterNo.toLowerCase());
  await phone.getByLabel('Verification code').fill(code.toLowerCase());
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone.getByText('Valid (Issued)')).toBeVisible();
  // The file itself: the issued PDF is recognised, a changed copy is not.
  await phone
    .getByLabel('PDF of the letter')
    .setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: pdf });
  await phone.getByRole('button', { name: 'Check the file' }).click();
  await expect(phone.getByText(`This file is exactly the letter ${letterNo} issued by the platform`)).toBeVisible();
  const changed = Buffer.from(pdf);
  changed[Math.floor(changed.length / 2)] ^= 0x01;
  await phone
    .getByLabel('PDF of the letter')
    .setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: changed });
  await phone.getByRole('button', { name: 'Check the file' }).click();
  await expect(phone.getByText('This file is not a letter issued by the platform')).toBeVisible();
  await phone.close();
});

test('the application takes the letter; the owner sees it verified and qualifies the application', async ({ page }) => {
  await openSignedIn(page, supplier, '/web/project');
  const row = rowOf(page, NAME_A);
  await expect(row).toContainText('Required, none yet');
  await row.getByRole('button', { name: 'Choose letter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(letterA.no).click();
  await dialog.getByRole('button', { name: 'Use this letter' }).click();
  await expect(page.getByText(`The application now holds letter ${letterA.no}.`)).toBeVisible();
  await expect(row).toContainText('Platform-issued');

  await openSignedIn(page, owner, '/bidmanager/bidcheck');
  const check = rowOf(page, NAME_A);
  await check.getByRole('button', { name: 'View' }).first().click();
  const card = page.getByTestId('application-guarantee');
  await expect(card.getByTestId('guarantee-verified')).toBeVisible();
  await expect(card).toContainText(letterA.no);
  await expect(card).toContainText('¥8,000.00');
  await shot(page, 'owner-card');
  await page.getByTestId('application-actions').getByRole('button', { name: 'Qualify' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The application is qualified.')).toBeVisible();
});

test('the supplier surrenders its letter for project B before the bid deadline', async ({ page }) => {
  await openSignedIn(page, supplier, '/order/myguarantee');
  const row = rowOf(page, NAME_B);
  await row.getByRole('button', { name: 'Surrender' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(letterB.letterNo);
  await dialog.getByLabel('Reason').fill('The company will not bid for this project');
  await dialog.getByRole('button', { name: 'Surrender the letter' }).click();
  await expect(page.getByText('The letter is surrendered.')).toBeVisible();
  await expect(row).toContainText('Surrendered');
  const api = await apiContext();
  const order = await call(api, 'get', `/api/guarantee/my-orders/${letterB.id}`, supplier);
  expect(order.data.status).toBe('surrendered');
  await api.dispose();
});

test('the owner claims on the letter as beneficiary; guarantee staff pay the claim and the letter ends', async ({
  page,
}) => {
  await openSignedIn(page, owner, '/bidmanager/bidapply');
  await rowOf(page, NAME_A).getByRole('button', { name: 'View' }).first().click();
  const card = page.getByTestId('application-guarantee');
  await card.getByRole('button', { name: 'Claim' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Claimed amount (¥)').fill('5000');
  await dialog.getByLabel('Reason for the claim').fill('The supplier withdrew its bid after the deadline');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByTestId('claim-confirm')).toContainText('伍仟元整');
  await dialog.getByRole('button', { name: 'File the claim' }).click();
  await expect(page.getByText('The claim is filed; guarantee staff will pay or refuse it.')).toBeVisible();

  await openSignedIn(page, guarantor, '/guarantee/gl');
  await page.getByRole('tab', { name: 'Claims' }).click();
  const claims = page.getByTestId('guarantee-claims');
  const claimRow = claims.locator('.ant-table-row').filter({ hasText: letterA.no });
  await claimRow.getByRole('button', { name: 'View' }).click();
  const detail = page.getByTestId('claim-detail');
  await expect(detail).toContainText('The supplier withdrew its bid after the deadline');
  await detail.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('pay-confirm')).toContainText('伍仟元整');
  await confirmDialog(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('The claim is paid; the letter has ended.')).toBeVisible();
  await shot(page, 'claims');

  // The letter has ended: the verification page says so.
  const verify = await page.context().browser()!.newPage();
  const qr = readLetterQr(letterA.pdf)!;
  await verify.goto(new URL(qr).pathname + new URL(qr).search);
  await expect(verify.getByText('No longer in force (Claimed)')).toBeVisible();
  await verify.close();
});
