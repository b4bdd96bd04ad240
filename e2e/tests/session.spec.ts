import { expect, test } from '@playwright/test';
import { apiContext, employeeToken, openSignedIn, revoke } from '../support/api';
import { tabMenuAction } from '../support/shell';

/** Spec §8: the session-expired dialog, one at a time, and where "log in again" leads (types 0). */
test('an expired back-office session shows one dialog and leads to /adminlogin', async ({ page }) => {
  const api = await apiContext();
  const token = await employeeToken(api);
  await openSignedIn(page, token);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  // Every call of the page must be answered before the session ends; one still in flight would
  // open the dialog before the refresh below.
  await page.waitForLoadState('networkidle');
  await revoke(api, token);

  // Refreshing the page fires the failing calls; one dialog opens however many fail.
  const home = page.getByTestId('tag').first();
  await tabMenuAction(page, home, 'Refresh page');
  const dialog = page.locator('.session-expired-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('System prompt');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);

  // "Cancel" keeps the page; the next failing call asks again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/adminindex$/);
  await tabMenuAction(page, home, 'Refresh page');
  await expect(page.locator('.session-expired-dialog')).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);
  await page.locator('.session-expired-dialog').getByRole('button', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/adminlogin$/);
  expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  await api.dispose();
});

test('a stale token on start-up signs out, shows the error and goes to /', async ({ page }) => {
  await openSignedIn(page, 'not-a-real-token', '/adminindex');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.ant-message-error')).toContainText('Invalid session');
  expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
});
