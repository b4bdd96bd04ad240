import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { moveClockPast, useBusinessClock, waitForScheduler } from '../support/clock';
import { call, companyOf, openingStatus, publishedWithQualified, type TradingDates } from '../support/trading';

/**
 * Following an opening live: two bidders watch the project's live page in their own browsers; each
 * sees the other counted but not named and no price; the supervisor confirms presence and stays on
 * the live page; the owner opens the bids, and both bidders' pages show the prices, ranked, with
 * their own bid marked, without reloading.
 */
test.describe.configure({ mode: 'serial' });
useBusinessClock(test);

const NAME = `E2E live opening ${String(Date.now()).slice(-6)}`;
let ownerToken = '';
let supervisorToken = '';
let projectId = 0;
let dates: TradingDates;
const bidders: { token: string; company: string; priceFen: number }[] = [];

test.beforeAll(async () => {
  const api = await apiContext();
  ownerToken = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  const auditorToken = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  supervisorToken = await employeeToken(api, 'supervisor1', DEMO_PASSWORD);
  for (const [name, priceFen] of [
    ['supplier', 41_000_000],
    ['second', 39_500_000],
    ['bidder', 44_000_000],
  ] as const) {
    const token = sharedToken(name);
    bidders.push({ token, company: await companyOf(api, token), priceFen });
  }
  ({ projectId, dates } = await publishedWithQualified(
    api,
    { owner: ownerToken, auditor: auditorToken },
    { name: NAME, model: 2, budget: 50_000_000, minParticipants: 3, signupDays: 5, openingAfterHours: 2 },
    bidders.map((b) => b.token),
  ));
  for (const b of bidders)
    await call(api, 'post', `/api/bidding2/projects/${projectId}/bids`, b.token, { priceFen: b.priceFen });
  await moveClockPast(api, dates.openingAt);
  await waitForScheduler(() => openingStatus(api, ownerToken, projectId), 'evaluating', 'evaluation started');
  await api.dispose();
});

/** With SHOTS_DIR set, a screenshot of what a step shows, to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/live-${name}.png`, fullPage: true });
}

/** On the opening page's list: the project's detail, then `step` and its confirmation. */
async function stepOnOpening(page: Page, step: string) {
  await page
    .getByTestId('openings')
    .locator('.ant-table-row')
    .filter({ hasText: NAME })
    .getByRole('button', { name: 'View' })
    .click();
  await page.getByRole('button', { name: step }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: step }).click();
}

async function watcher(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, token, `/live/${projectId}`);
  await expect(page.getByTestId('live-title')).toContainText(NAME);
  return page;
}

test('two bidders and the supervisor follow the opening live, and the prices appear as the owner opens', async ({
  browser,
  page,
}) => {
  const first = await watcher(browser, bidders[0]!.token);
  // The second follows from a phone, in Chinese.
  const secondContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const second = await secondContext.newPage();
  await openSignedIn(second, bidders[1]!.token, `/live/${projectId}?lang=zh-CN`);

  // Each sees the other counted, nobody named, no price; the tie seed's commitment published.
  await expect(first.getByTestId('live-bidders')).toContainText('2 bidder companies present');
  await expect(first.getByTestId('live-bidders')).not.toContainText(bidders[1]!.company);
  await expect(first.getByTestId('live-sealed')).toContainText('Waiting for the opening');
  await expect(first.getByTestId('live-sealed')).toContainText(/[0-9a-f]{64}/);
  await expect(first.getByTestId('live-bids')).toHaveCount(0);
  await expect(second.getByTestId('live-bidders')).toContainText('2');
  await shot(first, 'waiting');

  // The supervisor confirms presence on the opening page and follows on the live page.
  const supervisor = await watcher(browser, supervisorToken);
  await supervisor.goto('/mandraw/opening');
  await supervisor.getByRole('tab', { name: 'Due to open' }).click();
  await stepOnOpening(supervisor, 'Confirm presence');
  await expect(supervisor.getByText('Your presence is confirmed.')).toBeVisible();
  await supervisor.goto(`/live/${projectId}`);
  await expect(first.getByTestId('live-staff')).toContainText('Sara Supervisor');
  await expect(first.getByTestId('live-witnesses')).toContainText('Present');

  // The owner opens the bids.
  await openSignedIn(page, ownerToken, '/mandraw/opening');
  await stepOnOpening(page, 'Open bids');
  await expect(page.getByText('The bids are opened.')).toBeVisible();

  // Without reloading, both bidders see the prices ranked, their own marked, the witness named.
  await expect(first.getByTestId('live-announcement')).toHaveText('The bids are opened');
  const rows = first.getByTestId('live-bids').locator('tr[data-row-key]');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(bidders[1]!.company);
  await expect(rows.nth(0)).toContainText('¥395,000.00');
  await expect(rows.nth(1)).toContainText('¥410,000.00');
  await expect(rows.nth(1)).toContainText('Your bid');
  await expect(rows.nth(2)).toContainText('¥440,000.00');
  await expect(first.getByTestId('live-sealed')).toContainText('Sara Supervisor');
  await expect(first.getByTestId('live-bidders')).toContainText(bidders[1]!.company);
  const theirs = second.getByTestId('live-bids').locator('tr[data-row-key]');
  await expect(theirs).toHaveCount(3);
  await expect(theirs.nth(0)).toContainText('叁拾玖万伍仟元整');
  await expect(theirs.nth(0)).toContainText('我的报价');
  await shot(first, 'opened');
  await shot(second, 'opened-phone-zh');
});
