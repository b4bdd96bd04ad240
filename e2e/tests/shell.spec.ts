import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';
import { openTabMenu } from '../support/shell';

/** The admin shell (spec §2 "Layout"): sidebar, breadcrumb, title, tags view and its menu. */

const tagTitles = (page: Page) => page.getByTestId('tag').allInnerTexts();

/** Full page load of `path`, waiting until its tab is the active one. */
async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.locator('.tags-view__item--active')).toHaveText(title);
}

async function visit(page: Page, menuPath: string[]) {
  for (const label of menuPath) await page.getByTestId('sidebar-menu').getByText(label, { exact: true }).click();
}

test('sidebar, breadcrumb and page title follow the route', async ({ page }) => {
  await openSignedIn(page, sharedToken('supplier'));
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '250px');
  await visit(page, ['My company', 'Company information']);
  await expect(page).toHaveURL(/\/company\/info$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('My company');
  await expect(page.getByTestId('breadcrumb')).toContainText('Company information');
  await expect(page).toHaveTitle(/Company information/);
  await expect(page.getByTestId('company-details')).toContainText('Zhejiang Lianhe');

  // Collapsing is remembered in a cookie across a reload.
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '64px');
  expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '64px');
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '250px');
});

test('tags: visited views, right-click menu, fixed home tab, kept across a reload', async ({ page }) => {
  await openSignedIn(page, sharedToken('supplier'));
  await open(page, '/company/info', 'Company information');
  await open(page, '/company/edit', 'Edit company');
  await open(page, '/company/editpwd', 'Change password');
  await open(page, '/user/profile', 'Personal center');
  await expect
    .poll(() => tagTitles(page))
    .toEqual(['Home', 'Company information', 'Edit company', 'Change password', 'Personal center']);

  // Kept in session storage: a reload does not lose them.
  await page.reload();
  await expect
    .poll(() => tagTitles(page))
    .toEqual(['Home', 'Company information', 'Edit company', 'Change password', 'Personal center']);

  // The fixed home tab has no close button and "close current" is disabled on it.
  const home = page.getByTestId('tag').first();
  await expect(home.locator('.tags-view__close')).toHaveCount(0);
  await openTabMenu(page, home);
  await expect(page.getByRole('menuitem', { name: 'Close current' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Close current' })).toBeHidden();

  const tag = (title: string) => page.getByTestId('tag').filter({ hasText: title });
  await openTabMenu(page, tag('Change password'));
  await page.getByRole('menuitem', { name: 'Close tabs to the left' }).click();
  await expect.poll(() => tagTitles(page)).toEqual(['Home', 'Change password', 'Personal center']);

  await openTabMenu(page, tag('Change password'));
  await page.getByRole('menuitem', { name: 'Close tabs to the right' }).click();
  await expect.poll(() => tagTitles(page)).toEqual(['Home', 'Change password']);
  await expect(page).toHaveURL(/\/company\/editpwd$/);

  await open(page, '/company/info', 'Company information');
  await open(page, '/user/profile', 'Personal center');
  await openTabMenu(page, tag('Company information'));
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect.poll(() => tagTitles(page)).toEqual(['Home', 'Company information']);
  await expect(page).toHaveURL(/\/company\/info$/);

  await openTabMenu(page, tag('Company information'));
  await page.getByRole('menuitem', { name: 'Refresh page' }).click();
  await expect(page).toHaveURL(/\/company\/info$/);
  await expect(page.getByTestId('company-details')).toBeVisible();

  await openTabMenu(page, tag('Company information'));
  await page.getByRole('menuitem', { name: 'Close current' }).click();
  await expect(page).toHaveURL(/\/adminindex$/);

  await open(page, '/user/profile', 'Personal center');
  await openTabMenu(page, tag('Personal center'));
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await expect.poll(() => tagTitles(page)).toEqual(['Home']);
  await expect(page).toHaveURL(/\/adminindex$/);
});

test('profile shows the own details and the password form checks its input', async ({ page }) => {
  await openSignedIn(page, sharedToken('admin'), '/user/profile');
  await expect(page.getByTestId('profile-card')).toContainText('Administrator');
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill('Admin@2026');
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm new password').fill('other');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Use 8 to 64 characters with at least one letter and one digit.').first()).toBeVisible();
  await expect(form.getByText('The two passwords do not match.')).toBeVisible();
});
