import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { moveClockPast, useBusinessClock, waitForScheduler } from '../support/clock';
import { call, companyOf, openingStatus, publishedWithQualified, type TradingDates } from '../support/trading';

/**
 * Issue 31, a result from its ranking to completion, with the real roles and on the business
 * clock. Two price-competition projects are ranked at their opening (through the API). Project A:
 * the owner confirms and signs in the browser (the amount in capital numerals, the confirmation
 * printable), the auditor approves it into publicity; publicity ends and the scheduler awards it;
 * the winner declines and the owner passes the result to the next bidder in the browser; signed
 * and approved again, awarded again, the new winner confirms in the browser, the owner records the
 * contract, the winner gives its fee's voucher, finance confirms it, the winner downloads the award
 * notice, and the owner's acceptance completes the project. Project B: a participant objects in
 * the browser, the auditor upholds the objection and fails the project, and `/resultpub` lists it
 * failed with its reason. Publicity lasts one day: the clock moves at most a week and a day.
 */
test.describe.configure({ mode: 'serial' });
useBusinessClock(test);

const stamp = String(Date.now()).slice(-6);
const NAME_A = `E2E result road works ${stamp}`;
const NAME_B = `E2E result canal fence ${stamp}`;

let owner = '';
let auditor = '';
let supervisor = '';
let finance = '';
/** The browser's supplier wins A in the end; `second` is ranked first in A and declines. */
let browserBidder = '';
let second = '';
let third = '';
let projectA = 0;
let projectB = 0;
let datesA: TradingDates;
const companies: Record<'browser' | 'second' | 'third', string> = { browser: '', second: '', third: '' };

const PROJECT = {
  model: 2 as const,
  budget: 50_000_000,
  minParticipants: 3,
  signupDays: 5,
  openingAfterHours: 1,
  publicityDays: 1,
  qualification: 'Municipal works grade three or above',
};

async function resultStatus(api: APIRequestContext, id: number): Promise<string> {
  return (await call(api, 'get', `/api/results/${id}`, owner)).data.status as string;
}

/** With SHOTS_DIR set (as `npm run shots` sets it), a screenshot of what a step shows, to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/result-${name}.png`, fullPage: true });
}

/** Rows of a result list page whose project is `name`. */
const listRow = (page: Page, list: string, name: string) =>
  page.getByTestId(list).locator('.ant-table-row').filter({ hasText: name });

test.beforeAll(async () => {
  const api = await apiContext();
  owner = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  auditor = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  supervisor = await employeeToken(api, 'supervisor1', DEMO_PASSWORD);
  finance = await employeeToken(api, 'finance1', DEMO_PASSWORD);
  browserBidder = sharedToken('supplier');
  second = sharedToken('second');
  third = sharedToken('bidder');
  companies.browser = await companyOf(api, browserBidder);
  companies.second = await companyOf(api, second);
  companies.third = await companyOf(api, third);
  const people = { owner, auditor };
  const bidders = [browserBidder, second, third];
  ({ projectId: projectA, dates: datesA } = await publishedWithQualified(
    api,
    people,
    { ...PROJECT, name: NAME_A },
    bidders,
  ));
  ({ projectId: projectB } = await publishedWithQualified(api, people, { ...PROJECT, name: NAME_B }, bidders));
  // A: second lowest first, the browser's supplier next. B: second first, third, then the browser's.
  const prices: [number, string, number][] = [
    [projectA, second, 40_000_000],
    [projectA, browserBidder, 42_345_600],
    [projectA, third, 45_000_000],
    [projectB, second, 30_000_000],
    [projectB, third, 31_000_000],
    [projectB, browserBidder, 32_000_000],
  ];
  for (const [id, token, priceFen] of prices)
    await call(api, 'post', `/api/bidding2/projects/${id}/bids`, token, { priceFen });
  // Past both openings (B was created a moment after A): the scheduler starts their evaluation.
  await moveClockPast(api, datesA.openingAt, 180);
  for (const id of [projectA, projectB]) {
    await waitForScheduler(() => openingStatus(api, owner, id), 'evaluating', 'evaluation started');
    await call(api, 'post', `/api/openings/${id}/witness`, supervisor);
    const opened = await call(api, 'post', `/api/openings/${id}/open`, owner);
    expect(opened.data.outcome).toBe('ranked');
  }
  await api.dispose();
});

test('the owner confirms and signs the ranking, its amount in capital numerals; the confirmation prints', async ({
  page,
}) => {
  await openSignedIn(page, owner, '/mandraw/confirmsign');
  const row = listRow(page, 'results-confirm', NAME_A);
  await expect(row).toContainText(companies.second);
  await row.getByRole('button', { name: 'Open' }).click();
  const detail = page.getByTestId('result-detail');
  await expect(detail.getByTestId('result-ranking')).toContainText('¥400,000.00');
  await detail.getByRole('button', { name: 'Confirm and sign' }).click();
  const summary = page.getByTestId('sign-summary');
  await expect(summary).toContainText(companies.second);
  await expect(page.getByTestId('sign-amount')).toContainText('肆拾万元整');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm and sign' }).click();
  await expect(page.getByText('The result is confirmed and signed.')).toBeVisible();
  const confirmation = page.getByTestId('result-confirmation');
  const hash = (await confirmation.locator('.result-confirmation__mono').first().innerText()).trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(confirmation).toContainText('Olivia Owner');
  await shot(page, 'confirmation');
  // Printing shows the confirmation alone.
  await page.emulateMedia({ media: 'print' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  // B is signed through the API.
  const api = await apiContext();
  await call(api, 'post', `/api/results/${projectB}/confirm`, owner);
  await api.dispose();
});

test('the auditor approves the result into publicity; /resultpub shows it on a phone', async ({ page, browser }) => {
  await openSignedIn(page, auditor, '/audit/proaudit');
  const row = listRow(page, 'results-audit', NAME_A);
  await row.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('result-detail').getByRole('button', { name: 'Approve for publicity' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The result is approved and in publicity.')).toBeVisible();
  const api = await apiContext();
  await call(api, 'post', `/api/results/${projectB}/approve`, auditor);
  expect(await resultStatus(api, projectA)).toBe('publicity');
  await api.dispose();

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto('/resultpub');
  const item = phone.getByTestId('result-rows').getByTestId('result-row').filter({ hasText: NAME_A });
  await expect(item).toContainText(companies.second);
  await expect(item).toContainText('¥400,000.00');
  await shot(phone, 'resultpub-phone');
  await phone.close();
});

/** The supplier's result panel of a project, opened from `web/project`. */
async function openMyResult(page: Page, token: string, name: string) {
  await openSignedIn(page, token, '/web/project');
  const row = page.getByTestId('my-applications-page').locator('.ant-table-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Result' }).click();
  const panel = page.getByRole('dialog').filter({ hasText: `Result of ${name}` });
  await expect(panel).toBeVisible();
  return panel;
}

test('a participant objects in the browser; the auditor upholds it and fails the project; /resultpub says why', async ({
  page,
}) => {
  const panel = await openMyResult(page, browserBidder, NAME_B);
  await expect(panel.getByTestId('public-result')).toContainText(companies.second);
  await panel.getByRole('button', { name: 'Object to the result' }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'An objection cannot be withdrawn' });
  await form.getByLabel('Reason').fill('The first bidder does not hold the required grade.');
  await form.getByRole('button', { name: 'Send the objection' }).click();
  await expect(page.getByText('Your objection is filed.')).toBeVisible();
  await expect(panel.getByTestId('my-objection')).toContainText('The first bidder does not hold the required grade.');
  await shot(page, 'supplier-objection');
  await expect(panel.getByRole('button', { name: 'Object to the result' })).toHaveCount(0);

  // The public sees an objection under review.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto('/resultpub');
  await expect(visitor.getByTestId('result-rows').getByTestId('result-row').filter({ hasText: NAME_B })).toContainText(
    'Under review',
  );

  // The auditor upholds it and fails the project.
  await openSignedIn(page, auditor, '/audit/proaudit');
  await page.getByLabel('Status').click();
  await page.getByTitle('Publicity', { exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).first().click();
  await listRow(page, 'results-audit', NAME_B).getByRole('button', { name: 'Open' }).click();
  const objections = page.getByTestId('result-objections');
  await expect(objections).toContainText(companies.browser);
  await objections.getByRole('button', { name: 'Decide' }).click();
  const decide = page.getByRole('dialog').filter({ hasText: 'Decide the objection' });
  await decide.getByText('Uphold: the result is void').click();
  await decide.getByText('Nowhere: the project fails').click();
  await decide.getByLabel('Reason').fill('The winning bidder lacks the grade the project requires.');
  await decide.getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByText('The objection is upheld.')).toBeVisible();

  // The objector follows the decision; /resultpub lists the project failed, with the reason.
  const mine = await openMyResult(page, browserBidder, NAME_B);
  await expect(mine.getByTestId('my-objection')).toContainText('The winning bidder lacks the grade');
  await visitor.goto('/resultpub?kind=failed');
  const failed = visitor.getByTestId('result-rows').getByTestId('result-row').filter({ hasText: NAME_B });
  await expect(failed).toContainText('The winning bidder lacks the grade the project requires.');
  await visitor.close();
});

test('publicity ends and the scheduler awards A; its winner declines and the owner passes it to the next bidder', async ({
  page,
}) => {
  const api = await apiContext();
  const ends = (await call(api, 'get', `/api/results/${projectA}`, owner)).data.publicityEndsAt as string;
  await moveClockPast(api, new Date(ends));
  await waitForScheduler(() => resultStatus(api, projectA), 'awarded', 'A awarded');
  await call(api, 'post', `/api/results/${projectA}/award/decline`, second, {
    reason: 'Our crews are committed elsewhere this season.',
  });
  await api.dispose();

  await openSignedIn(page, owner, '/mandraw/confirmsign');
  await page.getByLabel('Status').click();
  await page.getByTitle('Awarded', { exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).first().click();
  await listRow(page, 'results-confirm', NAME_A).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText(/The winner declined the award/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Choose after the decline' }).click();
  const choose = page.getByRole('dialog').filter({ hasText: 'After the declined award' });
  await choose.getByText('To the next valid bidder in rank').click();
  await choose.getByLabel('Reason').fill('The first bidder declined; the second in rank follows.');
  await choose.getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByText('The result goes to the next bidder.')).toBeVisible();

  // Signed and approved again (API), publicity over again: awarded to the browser's supplier.
  const again = await apiContext();
  expect(await resultStatus(again, projectA)).toBe('result_pending');
  await call(again, 'post', `/api/results/${projectA}/confirm`, owner);
  await call(again, 'post', `/api/results/${projectA}/approve`, auditor);
  const ends2 = (await call(again, 'get', `/api/results/${projectA}`, owner)).data.publicityEndsAt as string;
  await moveClockPast(again, new Date(ends2));
  await waitForScheduler(() => resultStatus(again, projectA), 'awarded', 'A awarded again');
  await again.dispose();
});

test('the new winner confirms, the owner records the contract, the fee is paid and confirmed, the notice downloads, the acceptance completes A', async ({
  page,
}) => {
  // The winner confirms the award in the browser.
  let panel = await openMyResult(page, browserBidder, NAME_A);
  await expect(panel).toContainText('Your company is the winner.');
  await panel.getByRole('button', { name: 'Confirm the award' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm the award' }).click();
  await expect(page.getByText('The award is confirmed.')).toBeVisible();
  // ¥423,456.00 at 1%: ¥4,234.56 due.
  await expect(panel.getByTestId('fee-bands')).toContainText('¥4,234.56');

  // The owner records the contract: the amount reviewed in figures and in capital numerals.
  await openSignedIn(page, owner, '/mandraw/improve');
  await listRow(page, 'contracts-page', NAME_A).getByRole('button', { name: 'Record contract' }).click();
  await page.getByRole('button', { name: 'Record contract' }).last().click();
  const contract = page.getByRole('dialog').filter({ hasText: 'Contract of' });
  await contract.getByLabel('Contract number').fill(`HT-${stamp}`);
  await contract.getByLabel('Contract amount (yuan)').fill('423456.00');
  await contract.getByLabel('Signing date').fill('2026-12-10');
  await contract.getByLabel('Signing date').press('Enter');
  for (const [label, day] of [
    ['Period start', '2026-12-15'],
    ['Period end', '2027-03-15'],
  ] as const) {
    await contract.getByLabel(label).fill(day);
    await contract.getByLabel(label).press('Enter');
  }
  await contract.locator('input[type=file]').setInputFiles({
    name: 'signed-contract.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await expect(contract.getByText('signed-contract.pdf')).toBeVisible();
  await contract.getByRole('button', { name: 'Review' }).click();
  await expect(contract.getByTestId('contract-confirm')).toContainText('肆拾贰万叁仟肆佰伍拾陆元整');
  await contract.getByRole('button', { name: 'Confirm and record' }).click();
  await expect(page.getByText('The contract is recorded.')).toBeVisible();

  // The winner gives the voucher.
  panel = await openMyResult(page, browserBidder, NAME_A);
  const voucher = panel.getByTestId('voucher-form');
  await voucher.locator('input[type=file]').setInputFiles({
    name: 'transfer-voucher.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await expect(voucher.getByText('transfer-voucher.pdf')).toBeVisible();
  await voucher.getByRole('button', { name: 'Submit voucher' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /OK|Submit voucher/ })
    .click();
  await expect(page.getByText('The voucher is submitted; finance will check it.')).toBeVisible();

  // Finance confirms the payment: the award notice is issued.
  await openSignedIn(page, finance, '/mandraw/fee');
  await page
    .getByTestId('fees-page')
    .locator('.ant-table-row')
    .filter({ hasText: NAME_A })
    .getByRole('button')
    .first()
    .click();
  const fee = page.getByTestId('fee-record');
  await expect(fee).toContainText('¥4,234.56');
  await expect(fee.getByRole('button', { name: 'transfer-voucher.pdf' })).toBeVisible();
  await shot(page, 'fee');
  await fee.getByRole('button', { name: 'Confirm payment' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('The payment is confirmed.')).toBeVisible();

  // The winner downloads the award notice: the PDF whose SHA-256 the page shows.
  panel = await openMyResult(page, browserBidder, NAME_A);
  const notice = panel.getByRole('button', { name: 'Download the award notice (PDF)' });
  const [download] = await Promise.all([page.waitForEvent('download'), notice.click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(panel).toContainText(createHash('sha256').update(bytes).digest('hex'));
  await shot(page, 'supplier-notice');

  // The owner records the acceptance: the project is completed.
  await openSignedIn(page, owner, '/bidmanager/bidys');
  await listRow(page, 'acceptance-page', NAME_A).getByRole('button', { name: 'Record acceptance' }).click();
  // The button of the detail the row opened, not the row's own behind it.
  await page
    .getByRole('dialog')
    .filter({ has: page.getByTestId('acceptance-record') })
    .getByRole('button', { name: 'Record acceptance' })
    .click();
  const acceptance = page.getByRole('dialog').filter({ hasText: 'Acceptance of' });
  await acceptance.getByLabel('Inspection date').fill('2027-03-20');
  await acceptance.getByLabel('Inspection date').press('Tab');
  await acceptance.getByRole('radio', { name: 'Passed' }).check();
  await acceptance.getByRole('button', { name: 'Review' }).click();
  await acceptance.getByRole('button', { name: 'Confirm and record' }).click();
  await expect(page.getByText('The acceptance is recorded.')).toBeVisible();
  const api = await apiContext();
  expect(await resultStatus(api, projectA)).toBe('completed');
  await api.dispose();
});

test('/resultpub lists the awarded result in Chinese, printable, linking to the project page with its result', async ({
  page,
}) => {
  await page.goto('/resultpub?kind=awarded&lang=zh-CN');
  const row = page.getByTestId('result-rows').getByTestId('result-row').filter({ hasText: NAME_A });
  await expect(row).toContainText(companies.browser);
  await expect(row).toContainText('¥423,456.00');
  await shot(page, 'resultpub-zh');
  await page.emulateMedia({ media: 'print' });
  await expect(row).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/iteminfo\\?id=${projectA}`));
  const result = page.getByTestId('public-result');
  await expect(result).toContainText(companies.browser);
  await expect(result).toContainText('¥400,000.00');
  await shot(page, 'iteminfo-zh');
});
