import { expect, test } from '@playwright/test';
import {
  apiContext,
  latestSmsCode,
  OWNER_PHONE,
  SUPPLIER_UI_LOGIN,
  DEMO_PASSWORD,
  waitForSmsWindow,
} from '../support/api';

/** Both sign-in kinds (spec §2, DESIGN §5), their validation, and log-out with its confirmation. */

test('supplier signs in with password and SMS code, then logs out', async ({ page }) => {
  // A retry may have to wait out the one-code-a-minute window of the previous try.
  test.setTimeout(150_000);
  const api = await apiContext();
  await waitForSmsWindow(api, SUPPLIER_UI_LOGIN);
  await page.goto('/weblogin');
  await page.getByLabel('Mobile phone').fill(SUPPLIER_UI_LOGIN);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const send = page.getByTestId('send-sms-code').first();
  await send.click();
  // The button counts down 60 s before another code can be asked for.
  await expect(send).toHaveText(/Resend in \d+ s/);
  await expect(send).toBeDisabled();
  await expect.poll(() => latestSmsCode(api, SUPPLIER_UI_LOGIN).catch(() => '')).toMatch(/^\d{6}$/);
  await page.getByLabel('SMS code').fill(await latestSmsCode(api, SUPPLIER_UI_LOGIN));
  await page.getByTestId('login-submit').first().click();
  await expect(page).toHaveURL(/\/adminindex$/);
  await expect(page.getByTestId('dashboard')).toContainText('Supplier account');

  // Log out: user dropdown, confirmation of spec §2, back on the public home.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.locator('.logout-dialog')).toContainText('Sure to log out and exit the system?');
  await page.locator('.logout-dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('public-signin')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  await api.dispose();
});

test('sign-in forms explain what is missing', async ({ page }) => {
  await page.goto('/weblogin');
  await page.getByTestId('login-submit').first().click();
  await expect(page.getByText('Enter your mobile phone number.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await expect(page.getByText('Enter the SMS code.')).toBeVisible();
  await page.getByLabel('Mobile phone').fill('12345');
  await expect(page.getByText('Enter an 11-digit mobile number starting with 1.')).toBeVisible();

  await page.goto('/adminlogin');
  await page.getByTestId('login-submit').first().click();
  await expect(page.getByText('Enter your user name.')).toBeVisible();
});

test('the back-office sign-in offers an owner account request, not supplier registration', async ({ page }) => {
  await page.goto('/adminlogin');
  await expect(page.getByRole('link', { name: 'Register now' })).toHaveCount(0);
  await expect(page.getByText('A project owner without a back-office account?')).toBeVisible();
  await page.getByRole('link', { name: 'Request one' }).click();
  await expect(page).toHaveURL(/\/register\?for=back-office$/);
  await expect(page.getByRole('heading', { name: 'Request a back-office account' })).toBeVisible();
  await expect(page.getByTestId('owner-register-form')).toBeVisible();
  await expect(page.getByTestId('supplier-register-form')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/adminlogin$/);
});

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/adminlogin');
  await page.getByLabel('User name').fill('auditor1');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'wrong user name or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/adminlogin$/);
});

test('back-office user signs in with user name and password and sees the menu', async ({ page }) => {
  const menuCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/system/menu/menu')) menuCalls.push(new URL(r.url()).search);
  });
  await page.goto('/adminlogin');
  await page.getByLabel('User name').fill('admin');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Admin@2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/adminindex$/);
  await expect(page.getByTestId('dashboard')).toContainText('Back-office account');
  // Spec §4: the menu is loaded twice, plain and then for the login type and user.
  expect(menuCalls).toHaveLength(2);
  expect(menuCalls[0]).toBe('');
  expect(menuCalls[1]).toMatch(/loginType=0&userId=\d+/);
  await expect(page.getByTestId('sidebar-menu')).toContainText('Home');
});

test('back-office user signs in with phone and SMS code', async ({ page }) => {
  test.setTimeout(150_000);
  const api = await apiContext();
  await waitForSmsWindow(api, OWNER_PHONE);
  await page.goto('/adminlogin');
  await page.getByRole('tab', { name: 'SMS code' }).click();
  const form = page.getByRole('tabpanel', { name: 'SMS code' });
  await form.getByLabel('Mobile phone').fill(OWNER_PHONE);
  await form.getByTestId('send-sms-code').click();
  await expect(form.getByTestId('send-sms-code')).toHaveText(/Resend in/);
  await form.getByLabel('SMS code').fill(await latestSmsCode(api, OWNER_PHONE));
  await form.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/adminindex$/);
  await expect(page.getByTestId('dashboard')).toContainText('Olivia Owner');
  await api.dispose();
});
