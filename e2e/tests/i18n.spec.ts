import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/** English by default, Simplified Chinese on request, remembered; no raw i18n keys on screen. */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(
    /\b(common|auth|header|home|nav|layout|tags|settings|register|company|profile|dashboard|errors|request|upload|table)\.[a-zA-Z]+/,
  );
}

test('?lang=zh-CN selects Chinese and it is remembered; the switch goes back to English', async ({ page }) => {
  await page.goto('/weblogin');
  await expect(page.getByRole('heading', { name: 'Supplier sign in' })).toBeVisible();
  await page.goto('/weblogin?lang=zh-CN');
  await expect(page.getByRole('heading', { name: '供应商登录' })).toBeVisible();
  await expectNoRawKeys(page);
  await page.goto('/adminlogin');
  await expect(page.getByRole('heading', { name: '后台登录' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
  // In Chinese the switch names the other language, English, and goes there in one click.
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('title', '切换语言');
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { name: 'Back-office sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: '简体中文' })).toBeVisible();
});

test('the admin shell speaks both languages', async ({ page }) => {
  await openSignedIn(page, sharedToken('supplier'), '/company/info?lang=zh-CN');
  await expect(page.getByTestId('breadcrumb')).toContainText('企业信息');
  await expect(page.getByTestId('sidebar-menu')).toContainText('首页');
  await expectNoRawKeys(page);
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('breadcrumb')).toContainText('Company information');
  await expectNoRawKeys(page);
});
