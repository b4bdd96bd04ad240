import { expect, test, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { moveClockPast, useBusinessClock } from '../support/clock';
import { addPoolMember, companyIdOf, drawOfProject, hallOptions, type DrawRecord } from '../support/draws';
import { call, companyOf, newSupplier, publishedProject, type TradingDates } from '../support/trading';

/**
 * Model 1, the pool draw, as its users meet it. Three new supplier companies are put in the
 * contractor pool for construction in a district no other spec uses, and the owner publishes a
 * pool-draw project there. In the browser the owner schedules the draw: the preview lists the three,
 * and the frozen list is published with its hash and the seed's commitment, no seed. At the draw
 * time (the business clock moved past it, three days and an hour) the supervisor draws with entropy
 * digits: the seed, the entropy and the order appear, and the first contractor of the order is
 * asked. It declines with a reason; the next one confirms, the budget in capital numerals, and the
 * project goes to its result with that company first. On /extract, at phone width and signed out,
 * the draw's record names the order and its check re-computes the list hash, the commitment and the
 * order in the browser: all three match.
 */
test.describe.configure({ mode: 'serial' });
useBusinessClock(test);

const stamp = String(Date.now()).slice(-6);
const NAME = `E2E pool draw culvert ${stamp}`;
const BUDGET_FEN = 50_000_000;
const ENTROPY = '2718';

let admin = '';
let owner = '';
let supervisor = '';
/** The district of the pool members and the project. */
let districtName = '';
let projectId = 0;
let dates: TradingDates;
/** The pool's three companies, by company id: token and name. */
const suppliers = new Map<number, { token: string; name: string }>();
/** After the draw: the first asked (declines) and the second (confirms). */
let first = { token: '', name: '' };
let second = { token: '', name: '' };
let drawn: DrawRecord;

/** With SHOTS_DIR set, a screenshot of what a step shows, to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/pool-draw-${name}.png`, fullPage: true });
}

const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

async function readDraw(token = owner): Promise<DrawRecord> {
  const api = await apiContext();
  const draw = await drawOfProject(api, token, projectId, NAME);
  await api.dispose();
  expect(draw, `the draw of ${NAME}`).toBeDefined();
  return draw!;
}

test.beforeAll(async () => {
  const api = await apiContext();
  admin = sharedToken('admin');
  owner = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  supervisor = await employeeToken(api, 'supervisor1', DEMO_PASSWORD);
  const auditor = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  const { constructionTypeId, places } = await hallOptions(api);
  // The last district of the first city: neither the demo data nor another spec puts pool members
  // there, so the draw's candidates are exactly this spec's three companies.
  const districts = places[0]!.children![0]!.children!;
  const district = districts[districts.length - 1]!;
  expect(districts.length).toBeGreaterThan(1);
  districtName = district.label;
  for (let i = 1; i <= 3; i++) {
    const token = await newSupplier(api, String((Number(stamp) + i * 7919) % 1_000_000).padStart(6, '0'), admin);
    const companyId = await companyIdOf(api, token);
    suppliers.set(companyId, { token, name: await companyOf(api, token) });
    await addPoolMember(api, admin, { companyId, typeId: constructionTypeId, placeId: district.id });
  }
  ({ projectId, dates } = await publishedProject(
    api,
    { owner, auditor },
    {
      name: NAME,
      model: 1,
      budget: BUDGET_FEN,
      minParticipants: 1,
      qualification: 'Municipal works grade three or above, in the contractor pool',
      signupDays: 3,
      openingAfterHours: 1,
      placeId: district.id,
    },
  ));
  await api.dispose();
});

test('the owner schedules the draw: the preview lists the pool, the list is frozen with its hash and commitment', async ({
  page,
}) => {
  // The administrator's pool members page lists the three, active, for the district.
  await openSignedIn(page, admin, '/pool/cbsman');
  for (const { name } of suppliers.values()) {
    const member = rowOf(page, name);
    await expect(member).toContainText(districtName);
    await expect(member).toContainText('Active');
  }
  await shot(page, 'pool-members');

  await openSignedIn(page, owner, '/mandraw/draw');
  await expect(page.getByTestId('draws-page')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule draw' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Project', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: NAME }).click();
  await expect(dialog).toContainText('Draw time:');
  await dialog.getByRole('button', { name: 'Preview candidates' }).click();
  const preview = dialog.getByTestId('draw-preview');
  await expect(preview).toContainText('3 candidate(s) would be frozen into the list.');
  for (const { name } of suppliers.values()) await expect(preview).toContainText(name);
  await expect(dialog.getByTestId('draw-binding')).toBeVisible();
  await shot(page, 'schedule-preview');
  await dialog.getByRole('button', { name: 'Freeze and publish' }).click();
  await expect(page.getByText('The draw is scheduled and its list published.')).toBeVisible();

  const row = rowOf(page, NAME);
  await expect(row).toContainText('Scheduled');
  await row.getByRole('button', { name: 'View' }).click();
  const detail = page.getByTestId('draw-detail');
  const scheduled = await readDraw();
  expect(scheduled.status).toBe('scheduled');
  expect(scheduled.seed).toBeNull();
  expect(scheduled.candidates.map((c) => c.companyId).sort()).toEqual([...suppliers.keys()].sort());
  await expect(detail.getByTestId('draw-list-hash')).toHaveText(scheduled.listHash);
  await expect(detail.getByTestId('draw-commitment')).toHaveText(scheduled.commitment);
  expect(scheduled.listHash).toMatch(/^[0-9a-f]{64}$/);
  expect(scheduled.commitment).toMatch(/^[0-9a-f]{64}$/);
  await expect(detail.getByTestId('draw-seed')).toHaveCount(0);
  await expect(detail).toContainText('Not drawn yet: the seed is revealed at the draw');
  await expect(detail.getByTestId('draw-candidates').locator('.ant-table-row')).toHaveCount(3);
  await shot(page, 'scheduled');
});

test('at the draw time the supervisor draws with entropy: seed, order and the first contractor asked', async ({
  page,
}) => {
  const api = await apiContext();
  await moveClockPast(api, dates.openingAt, 120);
  await api.dispose();

  await openSignedIn(page, supervisor, '/mandraw/draw');
  const row = rowOf(page, NAME);
  await row.getByRole('button', { name: /Draw$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Draw for ${NAME}`);
  await dialog.getByLabel('Entropy (digits)').fill(ENTROPY);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByTestId('draw-confirm')).toContainText(`Draw now with entropy ${ENTROPY}?`);
  await dialog.getByRole('button', { name: 'Draw now' }).click();
  await expect(page.getByText('Drawn: the first contractor has been asked.')).toBeVisible();
  await expect(row).toContainText('Drawn');

  drawn = await readDraw(supervisor);
  expect(drawn.status).toBe('drawn');
  expect(drawn.entropy).toBe(ENTROPY);
  expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
  expect([...drawn.order!].sort()).toEqual([0, 1, 2]);
  const byPosition = new Map(drawn.candidates.map((c) => [c.position, c]));
  const firstCompany = byPosition.get(drawn.order![0]!)!;
  const secondCompany = byPosition.get(drawn.order![1]!)!;
  expect(drawn.picks).toHaveLength(1);
  expect(drawn.picks[0]).toMatchObject({ rank: 0, companyId: firstCompany.companyId, status: 'asked' });
  first = suppliers.get(firstCompany.companyId)!;
  second = suppliers.get(secondCompany.companyId)!;

  await row.getByRole('button', { name: 'View' }).click();
  const detail = page.getByTestId('draw-detail');
  await expect(detail.getByTestId('draw-seed')).toHaveText(drawn.seed!);
  await expect(detail).toContainText(ENTROPY);
  const order = detail.getByTestId('draw-order').locator('li');
  await expect(order).toHaveText(drawn.order!.map((p) => byPosition.get(p)!.companyName));
  const picks = detail.getByTestId('draw-picks').locator('.ant-table-row');
  await expect(picks).toHaveCount(1);
  await expect(picks.first()).toContainText('No. 1');
  await expect(picks.first()).toContainText(first.name);
  await shot(page, 'drawn');
});

test('the first asked declines with a reason; the next confirms at the budget in capital numerals', async ({
  page,
}) => {
  await openSignedIn(page, first.token, '/web/bidding1');
  const asked = rowOf(page, NAME);
  await expect(asked).toContainText('¥500,000.00');
  await expect(asked.getByTestId('pick-due')).toContainText('due in');
  await asked.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Decline ${NAME}`);
  await dialog.getByLabel('Reason').fill('Our crews are committed elsewhere this quarter');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You have declined; the next contractor is asked.')).toBeVisible();
  await expect(asked).toContainText('Declined');
  await expect(asked.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  await openSignedIn(page, second.token, '/web/bidding1');
  const next = rowOf(page, NAME);
  await next.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.getByTestId('pick-confirm')).toContainText(`Your company takes the project “${NAME}”`);
  await expect(confirm.getByTestId('pick-budget-figures')).toHaveText('¥500,000.00');
  await expect(confirm.getByTestId('pick-budget-words')).toHaveText('伍拾万元整');
  await shot(page, 'confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You have taken the project.')).toBeVisible();
  await expect(next).toContainText('Confirmed');

  const api = await apiContext();
  const result = await call(api, 'get', `/api/results/${projectId}`, owner);
  expect(result.data.ranking[0].companyName).toBe(second.name);
  await api.dispose();
  const engaged = await readDraw();
  expect(engaged.status).toBe('engaged');
  expect(engaged.engagedCompany).toBe(second.name);
  expect(engaged.picks.map((p) => [p.rank, p.companyName, p.status])).toEqual([
    [0, first.name, 'declined'],
    [1, second.name, 'confirmed'],
  ]);

  // The owner meets the result where every result is confirmed and signed.
  await openSignedIn(page, owner, '/mandraw/confirmsign');
  await expect(page.getByTestId('results-confirm').locator('.ant-table-row').filter({ hasText: NAME })).toContainText(
    second.name,
  );
});

test('/extract at phone width, signed out: the record names the order and the check re-computes all three', async ({
  browser,
}) => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto('/extract');
  const card = phone.getByTestId('extract-row').filter({ hasText: NAME });
  await expect(card).toContainText('Contractor engaged');
  await card.click();
  const record = phone.getByTestId('extract-detail');
  await expect(record.getByTestId('extract-list-hash')).toHaveText(drawn.listHash);
  await expect(record.getByTestId('extract-commitment')).toHaveText(drawn.commitment);
  await expect(record.getByTestId('extract-seed')).toHaveText(drawn.seed!);
  const names = new Map(drawn.candidates.map((c) => [c.position, c.companyName]));
  const orderNames = drawn.order!.map((p) => names.get(p)!);
  await expect(record.getByTestId('extract-order').locator('li')).toHaveText(orderNames);
  const picks = record.getByTestId('extract-picks').locator('li');
  await expect(picks).toHaveCount(2);
  await expect(picks.nth(0)).toContainText(`${first.name} Declined`);
  await expect(picks.nth(1)).toContainText(`${second.name} Confirmed`);

  await record.getByRole('button', { name: 'Check this draw' }).click();
  const check = record.getByTestId('extract-check');
  await expect(check).toContainText('Everything matches: this draw is as published.');
  await expect(check.getByTestId('extract-verdict')).toHaveText([
    '✓ List hash: matches',
    '✓ Commitment: matches',
    '✓ Order: matches',
  ]);
  await expect(check.getByTestId('extract-computed-order').locator('li')).toHaveText(orderNames);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, 'extract-phone');
  await phone.close();
});
