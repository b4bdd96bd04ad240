import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { moveClockPast, useBusinessClock, waitForScheduler } from '../support/clock';
import {
  PDF,
  call,
  companyOf,
  openingStatus,
  publishedWithQualified,
  type TradingDates,
  uploadPdf,
} from '../support/trading';

/**
 * Issue 12, best value (model 3), from publication to the ranking with the real roles: the owner's
 * project takes sign-up for seven days and opens that afternoon; three qualified suppliers bid a
 * sealed price with a technical proposal, one of them in the browser (confirming the price in
 * figures and in capital numerals); the business clock moves past the opening (nothing waits for
 * it), the supervisor confirms presence and the owner opens the bids in Chinese; the owner draws
 * the panel from the expert pool (two experts by the seed its announcement committed to, itself as
 * the owner's representative) and checks the draw in the browser; an expert scores in Chinese, the
 * other by its own call, and the owner in English; totals appear once all submitted, the owner
 * finalises, and the project goes to its result with the winner told its place.
 */
test.describe.configure({ mode: 'serial' });
useBusinessClock(test);

const stamp = String(Date.now()).slice(-6);
const NAME = `E2E best value canteen ${stamp}`;

let ownerToken = '';
let auditorToken = '';
let supervisorToken = '';
const expertTokens: string[] = [];
let browserBidder = '';
let projectId = 0;
let dates: TradingDates;
const companies: string[] = [];

/** The demo experts kept in the expert pool for the project's type and region, by the administrator. */
async function keepExperts(api: APIRequestContext, admin: string) {
  const project = (await call(api, 'get', `/api/projects/${projectId}`, ownerToken)).data as {
    typeId: number;
    placeId: number;
  };
  for (const loginUid of ['expert1', 'expert2']) {
    const token = await employeeToken(api, loginUid, DEMO_PASSWORD);
    expertTokens.push(token);
    const user = (await call(api, 'get', '/api/user/info', token)).rows.user as { empId: number };
    await call(api, 'post', '/api/pool/experts', admin, {
      userId: user.empId,
      kind: 'outside',
      typeId: project.typeId,
      placeId: project.placeId,
      employer: 'Fujian Building Research Institute',
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
    });
  }
}

test.beforeAll(async () => {
  const api = await apiContext();
  const admin = sharedToken('admin');
  ownerToken = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  auditorToken = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  supervisorToken = await employeeToken(api, 'supervisor1', DEMO_PASSWORD);
  browserBidder = sharedToken('supplier');
  const second = sharedToken('second');
  const third = sharedToken('bidder');
  const bidders = [browserBidder, second, third];
  for (const token of bidders) companies.push(await companyOf(api, token));

  ({ projectId, dates } = await publishedWithQualified(
    api,
    { owner: ownerToken, auditor: auditorToken },
    {
      name: NAME,
      model: 3,
      budget: 80_000_000,
      minParticipants: 3,
      signupDays: 7,
      openingAfterHours: 4,
      qualification: 'Catering fit-out grade two or above',
    },
    bidders,
  ));
  // The others: a lower price with a weaker proposal, and a higher price (as the panel will find).
  for (const [token, priceFen] of [
    [second, 38_000_000],
    [third, 76_000_000],
  ] as const)
    await call(api, 'post', `/api/bidding3/projects/${projectId}/bids`, token, {
      priceFen,
      proposals: [await uploadPdf(api, token, 'method.pdf')],
    });
  await keepExperts(api, admin);
  await api.dispose();
});

/** Fills a member's scores: per company, its score on each of the three default criteria. */
async function fillScores(page: Page, criteria: string[], scores: Record<string, number[]>) {
  const form = page.getByTestId('score-form');
  for (const [company, values] of Object.entries(scores))
    for (const [i, value] of values.entries())
      await form.getByRole('textbox', { name: `${company} · ${criteria[i]}` }).fill(String(value));
}

test('a qualified supplier seals a price with its technical proposal', async ({ page }) => {
  await openSignedIn(page, browserBidder, '/web/bidding3');
  await expect(page.getByText('Best value', { exact: true }).first()).toBeVisible();
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('No bid yet');
  await row.getByRole('button', { name: 'Submit bid' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price (yuan)').fill('400000');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'technical-proposal.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByText('technical-proposal.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Seal and submit' }).click();
  const confirm = dialog.getByTestId('bid-confirm');
  await expect(confirm.getByTestId('bid-confirm-figures')).toHaveText('¥400,000.00');
  await expect(confirm.getByTestId('bid-confirm-words')).toHaveText('肆拾万元整');
  await expect(confirm).toContainText('Proposal files: 1');
  await dialog.getByRole('button', { name: 'Confirm and seal' }).click();
  await expect(dialog.getByText('Your price is sealed.')).toBeVisible();
  await expect(dialog.getByTestId('bid-receipt').locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Proposal files: 1');
});

test('in Chinese: the owner opens the best-value bids once a supervisor is present', async ({ page }) => {
  // The afternoon of the deadline by the business clock: bidding closes and the evaluation starts.
  const api = await apiContext();
  await moveClockPast(api, dates.openingAt);
  await waitForScheduler(() => openingStatus(api, ownerToken, projectId), 'evaluating', 'evaluation started');
  await call(api, 'post', `/api/openings/${projectId}/witness`, supervisorToken);
  await api.dispose();
  await openSignedIn(page, ownerToken, '/mandraw/opening?lang=zh-CN');
  await page.locator('.ant-segmented').getByText('综合评分').click();
  await page.getByRole('tab', { name: '待开标' }).click();
  const row = page.getByTestId('openings').locator('.ant-table-row').filter({ hasText: NAME });
  await row.getByRole('button', { name: '查看' }).click();
  await page.getByRole('button', { name: /^开\s?标$/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^开\s?标$/ })
    .click();
  const record = page.getByTestId('opening-record');
  await expect(record).toContainText('综合评分：接下来由业主评审小组');
  await expect(record.locator('tr[data-row-key]')).toHaveCount(3);
  await expect(record).toContainText('¥760,000.00');
  await expect(record).toContainText('¥400,000.00');
  await expect(record).toContainText('¥380,000.00');
});

test('the owner draws the panel from the expert pool and checks the draw', async ({ page }) => {
  await openSignedIn(page, ownerToken, '/mandraw/score');
  const row = page.getByTestId('scoring-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('No panel yet');
  await row.getByRole('button', { name: 'View' }).click();
  const card = page.getByTestId('panel-draw');
  await expect(card.getByTestId('panel-draw-eligible')).toContainText(
    '2 experts of this type and region are eligible.',
  );
  // Drawn, not appointed: the owner has no way to pick the panel by hand.
  await expect(page.getByTestId('scoring-panel').getByRole('button', { name: 'Assign panel' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Draw the panel' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Experts to draw' }).fill('2');
  await dialog.getByRole('combobox', { name: 'Owner representatives' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Olivia Owner' }).click();
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('textbox', { name: 'Entropy' }).fill('20261126');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('panel-draw-confirm')).toContainText(
    'Draw 2 of 2 eligible experts; owner representatives: Olivia Owner; entropy: 20261126.',
  );
  await dialog.getByRole('button', { name: 'Draw now' }).click();
  await expect(page.getByText('The panel is drawn.')).toBeVisible();
  const order = card.getByTestId('panel-draw-order');
  await expect(order.locator('tr[data-row-key]')).toHaveCount(2);
  await expect(order.getByText('On the panel')).toHaveCount(2);
  await expect(card).toContainText('20261126');
  await card.getByRole('button', { name: 'Check this draw' }).click();
  await expect(card.getByTestId('panel-draw-check')).toHaveText('List hash, commitment and order all match.');
  const panel = page.getByTestId('scoring-panel');
  for (const name of ['Olivia Owner', 'Evan Expert', 'Emma Expert']) await expect(panel).toContainText(name);
  await expect(panel.getByText('Not submitted yet')).toHaveCount(3);
  await expect(card.getByRole('button', { name: 'Draw the panel' })).toHaveCount(0);
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/panel-drawn.png`, fullPage: true });
});

test('in Chinese: a drawn expert scores every bid, and sees no total before the others submit', async ({ page }) => {
  await openSignedIn(page, expertTokens[0]!, `/mandraw/score?project=${projectId}&lang=zh-CN`);
  await fillScores(page, ['技术方案', '工期与资源', '质量与安全'], {
    [companies[0]!]: [38, 28, 27],
    [companies[1]!]: [20, 10, 12],
    [companies[2]!]: [30, 20, 20],
  });
  await page.getByTestId('score-form').getByRole('button', { name: '提交评分' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '提交评分' }).click();
  await expect(page.getByText('您已提交评分。')).toBeVisible();
  await expect(page.getByText('所有评审成员提交后方显示各项得分与总分。')).toBeVisible();
  // The other expert scores by its own call: the average of the first expert's and the owner's
  // scores, so that the totals below are theirs alone.
  const api = await apiContext();
  const detail = (await call(api, 'get', `/api/scoring/${projectId}`, expertTokens[1]!)).data as {
    bids: { bidId: number; companyName: string }[];
  };
  const average: Record<string, number[]> = {
    [companies[0]!]: [39, 29, 28],
    [companies[1]!]: [21, 11, 11],
    [companies[2]!]: [30, 20, 20],
  };
  await call(api, 'post', `/api/scoring/${projectId}/scores`, expertTokens[1]!, {
    scores: detail.bids.flatMap((b) =>
      average[b.companyName]!.map((score, criterion) => ({ bidId: b.bidId, criterion, score })),
    ),
  });
  await api.dispose();
});

test('the owner scores, sees the totals and finalises the ranking', async ({ page }) => {
  await openSignedIn(page, ownerToken, `/mandraw/score?project=${projectId}`);
  await fillScores(page, ['Technical approach', 'Schedule and resources', 'Quality and safety'], {
    [companies[0]!]: [40, 30, 29],
    [companies[1]!]: [22, 12, 10],
    [companies[2]!]: [30, 20, 20],
  });
  await page.getByTestId('score-form').getByRole('button', { name: 'Submit scores' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Submit scores' }).click();
  await expect(page.getByText('You submitted your scores.')).toBeVisible();
  // Averages: 39, 29, 28 = 96 → 57.6 technical + 38 price = 95.6; 21, 11, 11 = 43 → 25.8 + 40 = 65.8;
  // 30, 20, 20 = 70 → 42 + 20 = 62.
  const bids = page.getByTestId('scoring-bids');
  await expect(bids.locator('tr[data-row-key]').filter({ hasText: companies[0]! })).toContainText('95.6');
  await expect(bids.locator('tr[data-row-key]').filter({ hasText: companies[1]! })).toContainText('65.8');
  await expect(bids.locator('tr[data-row-key]').filter({ hasText: companies[2]! })).toContainText('62');
  await page.getByRole('button', { name: 'Finalise ranking' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Finalise ranking' }).click();
  await expect(page.getByText(`; the winner is ${companies[0]!}.`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByRole('tab', { name: 'Finalised' }).click();
  await expect(page.getByTestId('scoring-projects').locator('.ant-table-row').filter({ hasText: NAME })).toContainText(
    'Result pending',
  );
});

test('the winning supplier is told its place', async ({ page }) => {
  await openSignedIn(page, browserBidder, '/web/bidding3');
  const row = page.getByTestId('bidding-projects').locator('.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('Result pending');
  await row.getByRole('button', { name: 'Opening result' }).click();
  const result = page.getByTestId('my-opening-result');
  await expect(result).toContainText('Your bid counts: the panel scores the 3 valid bids');
  await expect(result).toContainText('The published record matches your receipt');
  await page.keyboard.press('Escape');
  await page.goto('/mine/supPub');
  await page.getByText(`Best-value ranking: ${NAME}`).click();
  await expect(page.getByText(/Your bid scores 95\.6 .* and ranks 1 of 3\./)).toBeVisible();
});
