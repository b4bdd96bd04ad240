import { expect, test } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/**
 * Spec §2: a supplier whose company record is incomplete (fix 0) is sent to /company/edit on every
 * navigation; a double submit of the form is refused (spec §5); saving the record frees the user.
 */
test('incomplete company: every navigation goes to /company/edit until it is completed', async ({ page }) => {
  await openSignedIn(page, sharedToken('incomplete'), '/adminindex');
  await expect(page).toHaveURL(/\/company\/edit$/);
  await expect(page.getByTestId('company-incomplete')).toBeVisible();
  for (const path of ['/user/profile', '/company/info', '/', '/hall']) {
    await page.goto(path);
    await expect(page, `${path} is redirected`).toHaveURL(/\/company\/edit$/);
  }
  // In-app navigation is redirected too.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Personal center' }).click();
  await expect(page).toHaveURL(/\/company\/edit$/);

  await page.getByLabel('Bank account number').fill('6222029900001234567');
  await expect(page.getByLabel('Bank of deposit')).not.toHaveValue('');
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/updateCompany')) saves.push(r.method());
  });
  // The save answers slowly, so the first request is surely still in flight when the second
  // identical one starts, however fast or loaded the machine is.
  await page.route('**/api/user/updateCompany', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  // Two clicks in the same task: the second submit duplicates the first and must not reach the
  // server (the form and the request guard of spec §5 both stand in its way).
  await page.getByTestId('company-save').evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page).toHaveURL(/\/company\/info$/);
  expect(saves).toHaveLength(1);
  await expect(page.getByTestId('company-details')).toContainText('Complete');

  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/user\/profile$/);
});
