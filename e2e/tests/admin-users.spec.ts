import { expect, test } from '@playwright/test';
import { apiContext, employeeToken, openSignedIn } from '../support/api';

/** system/user: list, create, disable, reset the password, export (issue 4). */
test('administrator creates, disables, resets and exports users', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  const token = await employeeToken(api);
  await openSignedIn(page, token, '/system/user');
  const view = page.getByTestId('users-page');
  await expect(view.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();

  // Create, with a client-side validation message first.
  const uid = `e2e${Date.now().toString().slice(-7)}`;
  await view.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('User name').fill('1bad');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('User name: 3 to 30 letters')).toBeVisible();
  await dialog.getByLabel('User name').fill(uid);
  await dialog.getByLabel('Name', { exact: true }).fill('E2E Person');
  await dialog.getByLabel('Password', { exact: true }).fill('Passw0rd!');
  await dialog.getByLabel('Department', { exact: true }).click();
  await page.locator('.ant-select-tree-node-content-wrapper').first().click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // Search it.
  await view.getByRole('textbox', { name: 'User name' }).fill(uid);
  await view.locator('button[type=submit]').click();
  const row = view.getByRole('row', { name: new RegExp(uid) });
  await expect(row).toBeVisible();
  await expect(view.getByRole('cell', { name: 'admin', exact: true })).toBeHidden();

  // Disable with confirmation.
  await row.getByRole('switch').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByRole('switch')).not.toBeChecked();

  // Reset the password.
  await row.getByRole('button', { name: 'Reset password' }).click();
  const reset = page.getByRole('dialog', { name: new RegExp(`Reset the password of ${uid}`) });
  await reset.getByLabel('New password').fill('short');
  await reset.getByRole('button', { name: 'Confirm' }).click();
  await expect(reset.getByText('Password: 8 to 64 characters')).toBeVisible();
  await reset.getByLabel('New password').fill('NewPassw0rd');
  await reset.getByRole('button', { name: 'Confirm' }).click();
  await expect(reset).toBeHidden({ timeout: 30_000 });

  // Export the filtered list.
  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // Delete.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(view.getByRole('row', { name: new RegExp(uid) })).toBeHidden();
});
