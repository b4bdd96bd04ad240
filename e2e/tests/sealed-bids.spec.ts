import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { moveClockPast, useBusinessClock, waitForScheduler } from '../support/clock';
import {
  applyAndQualify,
  auth,
  call,
  companyOf,
  openingStatus,
  PDF,
  publishedProject,
  qualifyPending,
  type TradingDates,
  uploadPdf,
} from '../support/trading';

/**
 * Issue 12, sealed bids (model 2), played on the business clock instead of waiting: the owner's
 * project takes sign-up from tomorrow for five days and opens the day after its deadline. A
 * visitor is told when sign-up opens; the clock moves to it and three suppliers apply and are
 * qualified; one bids in the browser (a malformed price and one above the budget refused on the
 * field, the price confirmed in figures and in Chinese capital numerals) and downloads its
 * receipt, the other two through the API. The clock moves past the deadline: bids are refused and
 * the project closes within a scheduler tick. It moves past the opening: the supervisor confirms
 * presence and the owner opens; the record shows the ranked bids (two equal prices ordered by the
 * seeded draw), prints alone and reads in Chinese; the supplier reads its place and finds the
 * record matching its receipt.
 */
test.describe.configure({ mode: 'serial' });
useBusinessClock(test);

const stamp = String(Date.now()).slice(-6);
const NAME = `E2E sealed bids lighting ${stamp}`;

let ownerToken = '';
let auditorToken = '';
let supervisorToken = '';
let browserBidder = '';
let secondBidder = '';
let thirdBidder = '';
let projectId = 0;
let dates: TradingDates;
const companies: string[] = [];

test.beforeAll(async () => {
  const api = await apiContext();
  ownerToken = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  auditorToken = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  supervisorToken = await employeeToken(api, 'supervisor1', DEMO_PASSWORD);
  browserBidder = sharedToken('supplier');
  secondBidder = sharedToken('second');
  thirdBidder = sharedToken('bidder');
  for (const token of [browserBidder, secondBidder, thirdBidder]) companies.push(await companyOf(api, token));
  ({ projectId, dates } = await publishedProject(
    api,
    { owner: ownerToken, auditor: auditorToken },
    {
      name: NAME,
      model: 2,
      budget: 50_000_000,
      minParticipants: 3,
      signupAfterHours: 24,
      signupDays: 5,
      openingAfterHours: 24,
      qualification: 'Lighting works grade three or above',
    },
  ));
  await api.dispose();
});

test('sign-up opens when the business clock says so; three suppliers apply, one in the browser, and are qualified', async ({
  page,
}) => {
  await page.goto(`/iteminfo?id=${projectId}`);
  const note = page.getByTestId('apply-note');
  await expect(note).toContainText('Sign-up opens at');
  await expect(note).toContainText('Suppliers sign in to apply then.');
  const api = await apiContext();
  const early = await (
    await api.post(`/api/hall/projects/${projectId}/apply`, {
      headers: auth(secondBidder),
      data: { contactName: 'Bid Desk', contactTel: '13900002222', documents: [await uploadPdf(api, secondBidder)] },
    })
  ).json();
  expect(early.code, JSON.stringify(early)).not.toBe(200);
  expect(early.msg).toContain('sign-up for this project has not opened yet');

  // A day later by the platform's clock (this browser's clock has not moved): sign-up is open.
  await moveClockPast(api, dates.signupStart);
  await page.reload();
  await expect(note).toContainText('Sign in as a supplier to apply');
  // One supplier applies in the browser, the other two through the API; the auditor qualifies all.
  await openSignedIn(page, browserBidder, `/iteminfo?id=${projectId}`);
  await page.getByTestId('apply-panel').getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Contact', { exact: true }).fill('Sam Supplier');
  await dialog.getByLabel('Contact phone').fill('13900001111');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'lighting-licence.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByText('lighting-licence.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('my-application-state')).toContainText('Your application: Pending check');
  await applyAndQualify(api, auditorToken, projectId, [secondBidder, thirdBidder]);
  expect(await qualifyPending(api, auditorToken, projectId)).toBe(1);
  // The other two bid through the API: one at the price the browser will type, one higher.
  await call(api, 'post', `/api/bidding2/projects/${projectId}/bids`, secondBidder, { priceFen: 45_000_000 });
  await call(api, 'post', `/api/bidding2/projects/${projectId}/bids`, thirdBidder, { priceFen: 41_234_567 });
  await api.dispose();
});

test('a qualified supplier seals a price confirmed in figures and in capital numerals, and downloads its receipt', async ({
  page,
}) => {
  await openSignedIn(page, browserBidder, '/web/bidding2');
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('No bid yet');
  await row.getByRole('button', { name: 'Submit price' }).click();
  const dialog = page.getByRole('dialog');
  const price = dialog.getByLabel('Price (yuan)');
  const seal = dialog.getByRole('button', { name: 'Seal and submit' });
  // Refused on the field as typed, never rounded or clamped, and nothing sealed.
  await price.fill('412345.678');
  await seal.click();
  await expect(dialog.getByText('Enter a positive amount in yuan with at most two decimals')).toBeVisible();
  await expect(price).toHaveValue('412345.678');
  await price.fill('500000.01');
  await expect(dialog.getByText('The price may not be above the budget, ¥500,000.00.')).toBeVisible();
  await expect(dialog.getByTestId('bid-confirm')).toHaveCount(0);

  await price.fill('412345.67');
  await seal.click();
  const confirm = dialog.getByTestId('bid-confirm');
  await expect(confirm).toContainText('Confirm your price before it is sealed');
  await expect(confirm.getByTestId('bid-confirm-figures')).toHaveText('¥412,345.67');
  await expect(confirm.getByTestId('bid-confirm-words')).toHaveText('肆拾壹万贰仟叁佰肆拾伍元陆角柒分');
  // Back to the form keeps the price; confirming again seals it.
  await dialog.getByRole('button', { name: 'Back to change it' }).click();
  await expect(price).toHaveValue('412345.67');
  await seal.click();
  await dialog.getByRole('button', { name: 'Confirm and seal' }).click();
  await expect(dialog.getByText('Your price is sealed.')).toBeVisible();
  await expect(dialog.getByText(/You submitted ¥412,345\.67/)).toBeVisible();
  const receipt = dialog.getByTestId('bid-receipt');
  const hash = (await receipt.locator('code').innerText()).trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('button', { name: 'Receipt (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bid-receipt-LV\d+-\d+\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(hash);
  expect(bytes.toString('latin1')).not.toContain('41234567');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText(`${hash.slice(0, 16)}…`);
});

test('past the bid deadline no price is taken and the project closes within a scheduler tick', async ({ page }) => {
  const api = await apiContext();
  await moveClockPast(api, dates.bidDeadline);
  const late = await (
    await api.post(`/api/bidding2/projects/${projectId}/bids`, {
      headers: auth(secondBidder),
      data: { priceFen: 30_000_000 },
    })
  ).json();
  expect(late.code, JSON.stringify(late)).not.toBe(200);
  expect(late.msg).toContain('the bid deadline has passed');
  await waitForScheduler(() => openingStatus(api, ownerToken, projectId), 'signup_closed', 'sign-up closed');
  await api.dispose();

  await openSignedIn(page, browserBidder, '/web/bidding2');
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('Bidding closed');
  await expect(row.getByRole('button', { name: 'Replace price' })).toHaveCount(0);
  // A visitor is no longer invited to sign in and apply.
  await page.context().clearCookies();
  await page.goto(`/iteminfo?id=${projectId}`);
  await expect(page.getByTestId('apply-note')).toContainText('This project no longer takes applications.');
});

test('the supervisor confirms presence once the opening time has come', async ({ page }) => {
  const api = await apiContext();
  await moveClockPast(api, dates.openingAt);
  // The scheduler starts the evaluation at the opening time.
  await waitForScheduler(() => openingStatus(api, ownerToken, projectId), 'evaluating', 'evaluation started');
  await api.dispose();
  await openSignedIn(page, supervisorToken, '/mandraw/opening');
  await page.getByRole('tab', { name: 'Due to open' }).click();
  const row = page.getByTestId('openings').locator('.ant-table-row').filter({ hasText: NAME });
  await row.getByRole('button', { name: 'View' }).click();
  await expect(page.getByText(/A supervisor must confirm presence/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open bids' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm presence' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm presence' }).click();
  await expect(page.getByText('Your presence is confirmed.')).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText('Sara Supervisor');
});

test('the owner opens the bids; the record shows them ranked and prints alone', async ({ page }) => {
  await openSignedIn(page, ownerToken, '/mandraw/opening');
  const row = page.getByTestId('openings').locator('.ant-table-row').filter({ hasText: NAME });
  await row.getByRole('button', { name: 'View' }).click();
  await page.getByRole('button', { name: 'Open bids' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Open bids' }).click();
  await expect(page.getByText('The bids are opened.')).toBeVisible();
  const record = page.getByTestId('opening-record');
  await expect(record).toContainText('The lowest valid price ranks first.');
  const lines = record.locator('tr[data-row-key]');
  await expect(lines).toHaveCount(3);
  // The two equal prices first, ordered by the draw; the higher one third.
  for (const i of [0, 1]) {
    await expect(lines.nth(i)).toContainText('¥412,345.67');
    await expect(lines.nth(i)).toContainText('Tie drawn');
  }
  await expect(lines.nth(2)).toContainText('¥450,000.00');
  await expect(lines.nth(2)).toContainText(companies[1]!);
  const firstTwo = `${await lines.nth(0).innerText()} ${await lines.nth(1).innerText()}`;
  expect(firstTwo).toContain(companies[0]!);
  expect(firstTwo).toContain(companies[2]!);
  await expect(record).toContainText('Sara Supervisor');
  await expect(record).toContainText(/Tie seed: [0-9a-f]{64}/);
  // Printing shows the record and nothing of the layout around it.
  await page.emulateMedia({ media: 'print' });
  await expect(record.getByRole('heading', { name: /Opening record/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to the list' })).toBeHidden();
  await expect(record.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Back to the list' })).toBeVisible();
});

test('in Chinese: the opening record', async ({ page }) => {
  await openSignedIn(page, ownerToken, `/mandraw/opening?project=${projectId}&lang=zh-CN`);
  const record = page.getByTestId('opening-record');
  await expect(record.getByRole('heading', { name: /开标记录/ })).toBeVisible();
  await expect(record).toContainText('有效报价最低者排名第一。');
  await expect(record.getByText('抽签排序')).toHaveCount(2);
  await expect(record).toContainText('¥450,000.00');
  await expect(record.getByRole('button', { name: /打\s?印/ })).toBeVisible();
});

test('the supplier reads its place and finds the record matching its receipt', async ({ page }) => {
  await openSignedIn(page, browserBidder, '/web/bidding2');
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await row.getByRole('button', { name: 'Opening result' }).click();
  const result = page.getByTestId('my-opening-result');
  await expect(result).toContainText('¥412,345.67');
  await expect(result).toContainText(/[12] of 3/);
  await expect(result).toContainText('The published record matches your receipt');
});
