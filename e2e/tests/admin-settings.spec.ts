import { expect, test, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { chooseOption } from '../support/forms';

/** system/config with its dictionaries, base/parameter and system/notice (issue 4). */

const rowOf = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator('tr.ant-table-row').filter({ hasText: text });

async function confirmDialog(page: Page) {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }).click();
}

test('system parameters: add, validate, edit and remove; dictionaries with their entries', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, sharedToken('admin'), '/system/config');
  const view = page.getByTestId('system-config-page');
  await expect(rowOf(page, 'system-config-page', 'account.passwordMinLength')).toBeVisible();

  const paramKey = `ui.hallPageSize${Date.now() % 100000}`;
  // A number parameter refuses text before anything is sent.
  await view.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a parameter' });
  await dialog.getByLabel('Name').fill('Hall page size');
  await dialog.getByLabel('Key').fill(paramKey);
  await dialog.getByLabel('Type').click();
  await page.locator('.ant-select-item-option[title="Number"]').click();
  await dialog.getByLabel('Value').fill('many');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Enter a number in digits (for example 3 or 0.5), without a sign, spaces or letters.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Value')).toHaveValue('many');
  await dialog.getByLabel('Value').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const added = rowOf(page, 'system-config-page', paramKey);
  await expect(added).toContainText('20');

  // The same key twice is refused with the server's message.
  await view.getByRole('button', { name: 'Add' }).click();
  await dialog.getByLabel('Name').fill('Again');
  await dialog.getByLabel('Key').fill(paramKey);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message')).toContainText('a parameter with this key already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await added.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /Edit "Hall page size"/ });
  await edit.getByLabel('Value').fill('30');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(added).toContainText('30');

  // Built-in parameters have no delete button; added ones ask first.
  await expect(
    rowOf(page, 'system-config-page', 'account.passwordMinLength').getByRole('button', { name: 'Delete' }),
  ).toHaveCount(0);
  await added.getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page);
  await expect(added).toHaveCount(0);

  // Dictionaries: a new type, an entry with a tag style, shown as the app shows it.
  await view.getByRole('tab', { name: 'Dictionaries' }).click();
  const dicts = page.getByTestId('dictionaries');
  await expect(dicts.locator('tr.ant-table-row').filter({ hasText: 'company_status' })).toBeVisible();
  await dicts.getByRole('button', { name: 'Add' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Add a dictionary type' });
  await typeDialog.getByLabel('Dictionary name', { exact: true }).fill('Contract kind');
  await typeDialog.getByLabel('Chinese name').fill('合同类型');
  await typeDialog.getByLabel('Dictionary type').fill('Contract Kind');
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(typeDialog.getByText(/lower-case letters, digits or "_"/)).toBeVisible();
  const typeKey = `contract_kind_${Date.now() % 1000000}`;
  await typeDialog.getByLabel('Dictionary type').fill(typeKey);
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(typeDialog).toBeHidden();
  const type = dicts.locator('tr.ant-table-row').filter({ hasText: typeKey });
  await expect(type).toBeVisible();

  await type.getByRole('button', { name: 'Entries' }).click();
  const entries = page.getByTestId('dict-entries');
  await expect(entries.getByText('No data')).toBeVisible();
  await entries.getByRole('button', { name: 'Add' }).click();
  const entryDialog = page.getByRole('dialog', { name: 'Add an entry' });
  await entryDialog.getByLabel('Label', { exact: true }).fill('Framework');
  await entryDialog.getByLabel('Chinese label').fill('框架合同');
  await entryDialog.getByLabel('Value', { exact: true }).fill('framework');
  await chooseOption(page, entryDialog.locator('.ant-form-item').filter({ hasText: 'Tag style' }), 'Warning');
  await entryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(entryDialog).toBeHidden();
  await expect(
    entries.locator('tr.ant-table-row').filter({ hasText: 'framework' }).locator('.ant-tag-warning'),
  ).toHaveText('Framework');
  await page
    .getByRole('dialog', { name: /Entries of "Contract kind"/ })
    .getByRole('button', { name: 'Close' })
    .click();

  await type.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('and all its entries');
  await confirmDialog(page);
  await expect(type).toHaveCount(0);
});

test('business parameters: only values change, each checked by its rule', async ({ page }) => {
  await openSignedIn(page, sharedToken('admin'), '/base/parameter');
  const view = page.getByTestId('business-parameters-page');
  const row = rowOf(page, 'business-parameters-page', 'draw.confirmHours');
  await expect(row).toContainText('24');
  await expect(view.getByRole('button', { name: 'Add' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: /Edit "Hours a drawn contractor has to confirm"/ });
  await expect(dialog.getByLabel('Key')).toBeDisabled();
  await expect(dialog.getByLabel('Name')).toBeDisabled();
  await dialog.getByLabel('Value').fill('500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The rule (1 to 168 hours) is the server's; its message stands under the value, not in a toast.
  const value = dialog.getByLabel('Value');
  await expect(value).toHaveAccessibleDescription(/168/);
  await expect(page.getByText(/168/)).toHaveCount(1);
  await expect(value).toHaveValue('500');
  await dialog.getByLabel('Value').fill('48');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('48');

  // Put it back for the other suites.
  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Value').fill('24');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('24');

  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('business-parameters.xlsx');
});

test('notices: written with the editor, cleaned by the server, shown to their audience', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `Maintenance window ${Date.now() % 100000}`;
  await openSignedIn(page, sharedToken('admin'), '/system/notice');
  const view = page.getByTestId('notices-page');
  await view.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a notice' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the notice a title.')).toBeVisible();
  await expect(dialog.getByText('Write the text of the notice.')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByText('Suppliers', { exact: true }).click();
  const editor = dialog.locator('.ql-editor');
  await editor.click();
  await page.keyboard.type('The platform pauses on ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('Saturday night');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = rowOf(page, 'notices-page', title);
  await expect(row).toContainText('Suppliers');
  await expect(row).toContainText('Published');
  await row.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('notice-preview');
  await expect(preview.locator('strong')).toHaveText('Saturday night');
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Close' }).click();

  // A supplier sees it on the home page; staff do not.
  const supplierContext = await browser.newContext();
  const supplier = await supplierContext.newPage();
  await openSignedIn(supplier, sharedToken('supplier'), '/adminindex');
  const home = supplier.getByTestId('home-notices');
  await home.getByText(title).click();
  await expect(supplier.getByTestId('home-notice-content')).toContainText('The platform pauses on Saturday night');
  await supplierContext.close();

  const api = await apiContext();
  const ownerToken = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await openSignedIn(owner, ownerToken, '/adminindex');
  await expect(owner.getByTestId('home-notices')).toBeVisible();
  await expect(owner.getByTestId('home-notices').getByText(title)).toHaveCount(0);
  // No menu entry, and the call itself is refused.
  await expect(owner.getByTestId('sidebar-menu').getByText('Notices', { exact: true })).toHaveCount(0);
  const refused = await (
    await api.get('/api/system/notices', { headers: { Authorization: `Bearer ${ownerToken}` } })
  ).json();
  expect(refused.code).toBe(403);
  await ownerContext.close();

  // Closing it hides it from suppliers; then it is deleted after a confirmation.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the notice' });
  await expect(edit.locator('.ql-editor strong')).toHaveText('Saturday night');
  await edit.getByText('Closed', { exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Closed');
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page);
  await expect(row).toHaveCount(0);
});
