import { expect, test } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/** The settings drawer (spec §2, §9): applied at once, kept in local storage `layout-setting`. */
test('layout settings apply at once and survive a reload', async ({ page }) => {
  await openSignedIn(page, sharedToken('supplier'));
  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar--dark/);
  // Default theme colour #409EFF on the active tab, in its accessible shade #006cdc (white text 5:1).
  await expect(page.locator('.tags-view__item--active')).toHaveCSS('background-color', 'rgb(0, 108, 220)');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Layout settings' }).click();
  const drawer = page.locator('.settings-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('.color-swatch')).toHaveCount(8);
  await drawer.getByTestId('side-theme-theme-light').click();
  await drawer.getByTestId('theme-color-#ff4500').click();
  await drawer.getByTestId('setting-tagsView').click();
  await drawer.getByTestId('setting-dynamicTitle').click();
  await drawer.getByTestId('setting-topNav').click();
  await page.keyboard.press('Escape');

  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar--light/);
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page.getByTestId('top-nav')).toContainText('My company');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('layout-setting') ?? '{}'));
  expect(stored).toMatchObject({
    sideTheme: 'theme-light',
    theme: '#ff4500',
    tagsView: false,
    dynamicTitle: true,
    topNav: true,
  });

  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar--light/);
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page).toHaveTitle(/^Home - Electronic Trading System/);
  // The new theme colour reaches antd's components, in its accessible shade (#ff4500 → #ce3800).
  await page.getByTestId('top-nav').getByText('My company').click();
  await expect(page).toHaveURL(/\/company\/info$/);
  await expect(page.getByRole('link', { name: 'Edit' }).locator('button')).toHaveCSS(
    'background-color',
    'rgb(206, 56, 0)',
  );

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Layout settings' }).click();
  await page.getByTestId('settings-reset').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar--dark/);
  await expect(page.getByTestId('tags-view')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('layout-setting'))).toBeNull();
});
