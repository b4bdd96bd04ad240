import { expect, test, type Page } from '@playwright/test';
import { apiContext, employeeToken, openSignedIn } from '../support/api';

async function pickTreeOption(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await field.fill(text);
  await page
    .locator('.ant-select-tree-title', { hasText: new RegExp(`^${text}$`) })
    .first()
    .click();
}

/** system/menu: create a page entry, see it in the navigation, refusals shown, remove it (issue 4b). */
test('administrator creates a page entry and sees it in the navigation', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  const token = await employeeToken(api);
  await openSignedIn(page, token, '/system/menu');
  const view = page.getByTestId('menus-page');
  await expect(view.locator('td').getByText('System', { exact: true })).toBeVisible();

  // Filter by name: the matching entries are shown even without their parents.
  await view.getByRole('textbox', { name: 'Menu name' }).fill('Departments');
  await view.locator('button[type=submit]').click();
  await expect(view.locator('td').getByText('Departments', { exact: true })).toBeVisible();
  await expect(view.locator('td').getByText('System', { exact: true })).toBeHidden();
  await view.getByRole('button', { name: 'Reset' }).click();

  // A directory with entries under it cannot be removed: the server's reason is shown.
  await view
    .locator('tr.ant-table-row')
    .filter({ has: page.getByText('System', { exact: true }) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('remove the entries under it first')).toBeVisible();

  // Create a page entry, with validation first.
  const stamp = Date.now().toString().slice(-6);
  const name = `E2E Page ${stamp}`;
  await view.getByRole('button', { name: 'Add' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add menu entry' });
  await dialog.getByText('Page', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the English name.')).toBeVisible();
  await expect(dialog.getByText('Choose the view of the page.')).toBeVisible();
  await pickTreeOption(page, dialog.getByLabel('Parent'), 'System');
  await dialog.getByLabel('Name (English)').fill(name);
  await dialog.getByLabel('Name (Chinese)').fill(`测试页面${stamp}`);
  await dialog.getByLabel('Route path').fill(`e2e${stamp}`);
  await dialog.getByLabel('Icon').fill('user');
  await dialog.getByLabel('View').fill('system/user');
  await page.locator('.ant-select-item-option[title="system/user"]').click();
  await dialog.getByLabel('Permission').fill('bad perm');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Permission: module:entity:action')).toBeVisible();
  await dialog.getByLabel('Permission').fill('system:user:list');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  await view.getByRole('textbox', { name: 'Menu name' }).fill(name);
  await view.locator('button[type=submit]').click();
  const row = view.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('system/user')).toBeVisible();

  // Sign in again: the navigation shows the new page.
  const fresh = await employeeToken(api);
  await openSignedIn(page, fresh, '/adminindex');
  const menu = page.locator('.ant-layout-sider, nav').first();
  await menu.getByText('System', { exact: true }).click();
  await menu.getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/system/e2e${stamp}`));
  await expect(page.getByTestId('users-page')).toBeVisible();

  // Disable, then remove it.
  await page.goto('/system/menu');
  await view.getByRole('textbox', { name: 'Menu name' }).fill(name);
  await view.locator('button[type=submit]').click();
  await row.getByRole('switch').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(view.locator('tr.ant-table-row').filter({ hasText: name })).toBeHidden();
});
