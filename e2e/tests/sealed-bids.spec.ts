import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  apiContext,
  DEMO_PASSWORD,
  employeeToken,
  openSignedIn,
  sharedToken,
  SUPPLIER_UI_LOGIN,
  supplierPhoneToken,
} from '../support/api';
import { auth, call, companyOf, publishedWithQualified } from '../support/trading';

/**
 * Issue 12, sealed bids (model 2): three qualified suppliers bid on a project whose deadline is 40
 * seconds away, one of them in the browser, who downloads its receipt; once the opening time has
 * come by the server's clock, the supervisor confirms presence and the owner opens; the record
 * shows the ranked bids (two equal prices ordered by the seeded draw), prints alone, and reads in
 * Chinese; the supplier then finds its receipt matching the record.
 */
test.describe.configure({ mode: 'serial' });

const stamp = String(Date.now()).slice(-6);
const NAME = `E2E sealed bids lighting ${stamp}`;
/** Long enough for the set-up and the browser bid; the opening follows the deadline shortly. */
const BIDDING_SECONDS = 40;

let ownerToken = '';
let auditorToken = '';
let supervisorToken = '';
let browserBidder = '';
let projectId = 0;
const companies: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const api = await apiContext();
  ownerToken = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  auditorToken = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  supervisorToken = await employeeToken(api, 'supervisor1', DEMO_PASSWORD);
  browserBidder = sharedToken('supplier');
  const second = await supplierPhoneToken(api, SUPPLIER_UI_LOGIN);
  const third = sharedToken('bidder');
  const bidders = [browserBidder, second, third];
  for (const token of bidders) companies.push(await companyOf(api, token));

  projectId = await publishedWithQualified(
    api,
    { owner: ownerToken, auditor: auditorToken },
    {
      name: NAME,
      model: 2,
      budget: 50_000_000,
      minParticipants: 3,
      signupDays: 6,
      qualification: 'Lighting works grade three or above',
      deadline: Date.now() + BIDDING_SECONDS * 1000,
      openingAfterMs: 5_000,
    },
    bidders,
  );
  // The other two bid through the API: one at the price the browser will type, one higher.
  await call(api, 'post', `/api/bidding2/projects/${projectId}/bids`, second, { priceFen: 45_000_000 });
  await call(api, 'post', `/api/bidding2/projects/${projectId}/bids`, third, { priceFen: 41_234_567 });
  await api.dispose();
});

test('a qualified supplier seals a price and downloads its receipt', async ({ page }) => {
  await openSignedIn(page, browserBidder, '/web/bidding2');
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('No bid yet');
  await row.getByRole('button', { name: 'Submit price' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price (yuan)').fill('412345.67');
  await dialog.getByRole('button', { name: 'Seal and submit' }).click();
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

test('the supervisor confirms presence once the opening time has come', async ({ page }) => {
  test.setTimeout(180_000);
  // The scheduler closes bidding at the deadline and starts the evaluation at the opening time.
  await expect
    .poll(
      async () => {
        const api = await apiContext();
        const body = await (await api.get(`/api/openings/${projectId}`, { headers: auth(ownerToken) })).json();
        await api.dispose();
        return body.data?.status as string;
      },
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBe('evaluating');
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

test('the supplier finds the record matching its receipt', async ({ page }) => {
  await openSignedIn(page, browserBidder, '/web/bidding2');
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await row.getByRole('button', { name: 'Opening result' }).click();
  const result = page.getByTestId('my-opening-result');
  await expect(result).toContainText('¥412,345.67');
  await expect(result).toContainText(/[12] of 3/);
  await expect(result).toContainText('The published record matches your receipt');
});
