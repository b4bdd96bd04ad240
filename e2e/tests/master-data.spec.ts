import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn } from '../support/api';
import { chooseOption } from '../support/forms';

/** Master data (issue 5): project types, sub-categories, places, owner categories, process settings. */

const SUFFIX = Date.now().toString().slice(-6);
const TYPE_CODE = `e2e_t${SUFFIX}`;
const TYPE_NAME = `E2E type ${SUFFIX}`;
const SUB_NAME = `E2E sub ${SUFFIX}`;
const PLACE_NAME = `E2E place ${SUFFIX}`;
const OWNER_CAT = `E2E owners ${SUFFIX}`;

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Chooses `option` in the select of the form item labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const field = scope
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  await chooseOption(page, field, option);
}

async function confirmDelete(page: Page, row: Locator) {
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toBeHidden({ timeout: 15_000 });
}

test('master data: types, sub-categories, places, owner categories and process settings', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await apiContext();
  const admin = await employeeToken(api);
  const auth = { Authorization: `Bearer ${admin}` };

  // Project type with a value limit, validation first.
  await openSignedIn(page, admin, '/basic/itemtype');
  const types = page.getByTestId('itemtype-page');
  await expect(types.getByRole('cell', { name: 'Construction', exact: true })).toBeVisible();
  await types.getByRole('button', { name: 'Add' }).click();
  let drawer = page.getByRole('dialog', { name: 'Add project type' });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Enter the name.')).toBeVisible();
  const limitMessage = drawer.getByText(
    'Enter a value limit between 1 and 100,000,000 yuan, a whole number in digits.',
  );
  await expect(limitMessage).toBeVisible();
  await drawer.getByLabel('Code').fill(TYPE_CODE);
  // A value limit that is not a whole number is refused as typed, never rounded.
  const limit = drawer.getByLabel('Value limit (yuan)');
  await limit.fill('2500000.5');
  await limit.blur();
  await expect(limitMessage).toBeVisible();
  await expect(limit).toHaveValue('2500000.5');
  // Thousands separators are fine.
  await limit.fill('2,500,000');
  await expect(limitMessage).toBeHidden();
  await drawer.getByLabel('Name', { exact: true }).fill(TYPE_NAME);
  await drawer.getByLabel('Chinese name').fill(`测试类型${SUFFIX}`);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  const typeRow = types.getByRole('row').filter({ hasText: TYPE_NAME });
  await expect(typeRow).toContainText('2,500,000');
  await expect(typeRow).toContainText(TYPE_CODE);
  // Edit it: the code stays, the value limit changes.
  await typeRow.getByRole('button', { name: 'Edit' }).click();
  drawer = page.getByRole('dialog', { name: 'Edit project type' });
  await expect(drawer.getByLabel('Name', { exact: true })).toHaveValue(TYPE_NAME);
  await expect(drawer.getByLabel('Code')).toBeDisabled();
  await drawer.getByLabel('Value limit (yuan)').fill('3000000');
  // Its best-value rules: the default three criteria, a fourth added, the price weight lowered.
  await expect(typeRow).toContainText('Price 40 · 3 criteria');
  await drawer.getByLabel('Price weight (points of 100)').fill('35');
  await drawer.getByRole('button', { name: 'Add criterion' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(
    drawer.getByText('Enter the criterion’s name in both languages and its maximum (1 to 100).').first(),
  ).toBeVisible();
  await drawer.getByPlaceholder('Criterion').last().fill('Innovation');
  await drawer.getByPlaceholder('Chinese name').last().fill('创新');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  await expect(typeRow).toContainText('3,000,000');
  await expect(typeRow).toContainText('Price 35 · 4 criteria');
  const saved = (await (await api.get('/api/basic/types', { headers: auth })).json()).data.find(
    (x: { code: string }) => x.code === TYPE_CODE,
  );
  expect(saved.scoreCriteria.at(-1)).toEqual({ name: 'Innovation', nameZh: '创新', max: 10 });
  const options = (await (await api.get('/api/hall/options')).json()).data;
  const created = options.types.find((x: { code: string }) => x.code === TYPE_CODE);
  expect(created).toMatchObject({ name: TYPE_NAME, valueLimit: 3_000_000 });
  await page.goto('/item/project');
  await page.getByRole('button', { name: 'New project' }).click();
  await choose(page, page.getByRole('dialog'), 'Project type', TYPE_NAME);
  await expect(page.getByRole('dialog').getByTestId('value-limit')).toContainText('3,000,000');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // A sub-category of it.
  await page.goto('/basic/subcate');
  const subs = page.getByTestId('subcate-page');
  await subs.getByRole('button', { name: 'Add' }).click();
  drawer = page.getByRole('dialog', { name: 'Add sub-category' });
  await choose(page, drawer, 'Project type', TYPE_NAME);
  await drawer.getByLabel('Name', { exact: true }).fill(SUB_NAME);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  await choose(page, subs, 'Project type', TYPE_NAME);
  await subs.getByRole('button', { name: 'Search' }).click();
  const subRow = subs.getByRole('row').filter({ hasText: SUB_NAME });
  await expect(subRow).toContainText(TYPE_NAME);

  // A place under Hangzhou, then moved under Ningbo.
  await page.goto('/basic/itemplace');
  const places = page.getByTestId('itemplace-page');
  await places
    .getByRole('row')
    .filter({ hasText: /^Hangzhou/ })
    .getByRole('button', { name: 'Add below' })
    .click();
  drawer = page.getByRole('dialog', { name: 'Add place' });
  await expect(drawer.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText('Hangzhou');
  await drawer.getByLabel('Name', { exact: true }).fill(PLACE_NAME);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  const placeId = async () => {
    const rows = (await (await api.get('/api/basic/places', { headers: auth })).json()).data as {
      id: number;
      name: string;
      parentId: number;
    }[];
    const city = (name: string) => rows.find((r) => r.name === name)!.id;
    const mine = rows.find((r) => r.name === PLACE_NAME)!;
    return { mine, hangzhou: city('Hangzhou'), ningbo: city('Ningbo') };
  };
  let ids = await placeId();
  expect(ids.mine.parentId).toBe(ids.hangzhou);
  await places.getByPlaceholder('Filter by name').fill(PLACE_NAME);
  const placeRow = places.getByRole('row').filter({ hasText: PLACE_NAME });
  await expect(placeRow).toBeVisible();
  await expect(places.getByRole('row').filter({ hasText: 'Hangzhou' })).toBeVisible();
  await placeRow.getByRole('button', { name: 'Edit' }).click();
  drawer = page.getByRole('dialog', { name: 'Edit place' });
  await drawer.locator('.ant-select').first().click();
  await page.keyboard.type('Ningbo');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper')
    .filter({ hasText: /^Ningbo$/ })
    .click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  await expect(places.getByRole('row').filter({ hasText: 'Ningbo' })).toBeVisible();
  await expect(places.getByRole('row').filter({ hasText: 'Hangzhou' })).toBeHidden();
  ids = await placeId();
  expect(ids.mine.parentId).toBe(ids.ningbo);

  // An owner category.
  await page.goto('/basic/departcate');
  const cats = page.getByTestId('departcate-page');
  await cats.getByRole('button', { name: 'Add' }).click();
  drawer = page.getByRole('dialog', { name: 'Add owner category' });
  await drawer.getByLabel('Name', { exact: true }).fill(OWNER_CAT);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  await cats.getByLabel('Name').fill(OWNER_CAT);
  await cats.getByRole('button', { name: 'Search' }).click();
  const catRow = cats.getByRole('row').filter({ hasText: OWNER_CAT });
  await expect(catRow).toBeVisible();

  // A process setting, and the same type and model refused with the server's message.
  await page.goto('/basic/itemprocess');
  const process = page.getByTestId('itemprocess-page');
  for (const attempt of [1, 2]) {
    await process.getByRole('button', { name: 'Add' }).click();
    drawer = page.getByRole('dialog', { name: 'Add process setting' });
    await choose(page, drawer, 'Project type', TYPE_NAME);
    await choose(page, drawer, 'Selection model', 'Pool draw');
    await drawer.getByLabel('Required documents').fill('Business licence\nQualification certificate');
    await drawer.getByRole('button', { name: 'Save' }).click();
    if (attempt === 1) await expect(drawer).toBeHidden({ timeout: 15_000 });
  }
  await expect(drawer.getByTestId('md-refusal')).toContainText('this type already has a setting for this model');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  const processRow = process.getByRole('row').filter({ hasText: TYPE_NAME });
  await expect(processRow).toContainText('Pool draw');
  await expect(processRow).toContainText('2 documents');
  // The seeded pool-draw settings ask for one document, said in the singular.
  const seededRow = process.getByRole('row').filter({ hasText: 'Construction' }).first();
  await expect(seededRow.getByRole('cell', { name: '1 document', exact: true })).toBeVisible();

  // Remove what can be removed: the setting, the owner category, the place, the sub-category, the type.
  await confirmDelete(page, processRow);
  await page.goto('/basic/departcate');
  await cats.getByLabel('Name').fill(OWNER_CAT);
  await cats.getByRole('button', { name: 'Search' }).click();
  await confirmDelete(page, cats.getByRole('row').filter({ hasText: OWNER_CAT }));
  await page.goto('/basic/itemplace');
  await places.getByPlaceholder('Filter by name').fill(PLACE_NAME);
  await confirmDelete(page, places.getByRole('row').filter({ hasText: PLACE_NAME }));
  await page.goto('/basic/subcate');
  await subs.getByLabel('Name').fill(SUB_NAME);
  await subs.getByRole('button', { name: 'Search' }).click();
  await confirmDelete(page, subs.getByRole('row').filter({ hasText: SUB_NAME }));
  await page.goto('/basic/itemtype');
  await confirmDelete(page, types.getByRole('row').filter({ hasText: TYPE_NAME }));
  await api.dispose();
});

test('owner1 sees no master-data menu entries and the project form lists the types', async ({ page }) => {
  const api = await apiContext();
  const owner = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  await openSignedIn(page, owner, '/item/project');
  await page.getByRole('button', { name: 'New project' }).click();
  await page
    .getByRole('dialog')
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: /^Project type$/ }) })
    .locator('.ant-select')
    .click();
  await expect(openDropdown(page).locator('.ant-select-item-option').filter({ hasText: 'Survey' })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const entry of [
    'Master data',
    'Project types',
    'Sub-categories',
    'Places',
    'Owner categories',
    'Process settings',
  ]) {
    await expect(page.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
  }
  await page.goto('/basic/itemtype');
  await expect(page.getByTestId('itemtype-page')).toHaveCount(0);
  await api.dispose();
});
