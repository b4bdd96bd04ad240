import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/** Phone width (390 px): the mobile index, sign-in pages and admin shell fit without overflow. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('public pages fit a phone', async ({ page }) => {
  for (const path of ['/mindex', '/weblogin', '/adminlogin', '/webregister', '/hall']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
  }
  await page.goto('/mindex');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/weblogin$/);
  await expect(page.getByTestId('login-submit').first()).toBeInViewport();
});

test('the admin shell on a phone: sidebar closed, opens as a drawer', async ({ page }) => {
  await openSignedIn(page, sharedToken('supplier'));
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-menu')).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();
  await page.getByTestId('sidebar-menu').getByText('My company').click();
  await page.getByTestId('sidebar-menu').getByText('Company information').click();
  await expect(page).toHaveURL(/\/company\/info$/);
  await expect(page.getByTestId('sidebar-menu')).toBeHidden();
  await expectNoHorizontalOverflow(page);
});
