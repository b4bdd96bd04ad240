import { expect, test } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/** Spec §2: public routes, 401/404, unknown paths, and the sign-in redirects of the route guard. */
const publicPaths = [
  '/',
  '/login',
  '/register',
  '/adminlogin',
  '/weblogin',
  '/webregister',
  '/mindex',
  '/pub',
  '/resultpub',
  '/extract',
  '/hall',
  '/iteminfo',
  '/verify',
  '/401',
  '/404',
];

test('every public route opens without signing in', async ({ page }) => {
  for (const path of publicPaths) {
    await page.goto(path);
    await expect(page, `${path} stays put`).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    await expect(page.locator('#root')).not.toBeEmpty();
  }
});

test('the public header shows phone, hours and the sign-in link', async ({ page }) => {
  await page.goto('/hall');
  await expect(page.getByTestId('welcome-text')).toContainText('Welcome to the');
  await expect(page.getByTestId('consult-phone')).toContainText(/\d/);
  await expect(page.getByTestId('service-hours')).toContainText('9:00-17:30');
  await page.getByTestId('public-signin').click();
  await expect(page).toHaveURL(/\/weblogin$/);
});

test('401 and 404 pages, and unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/401');
  await expect(page.getByTestId('unauthorized')).toBeVisible();
  await page.goto('/404');
  await expect(page.getByTestId('not-found')).toBeVisible();
  // Without a token an unknown path is not a back-office page: the 404 page, not the sign-in.
  for (const path of ['/no/such/page', '/system/no-such-view', '/hallx']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a visitor without a token is sent to /adminlogin with the way back', async ({ page }) => {
  for (const path of ['/adminindex', '/user/profile', '/company/info', '/manager/itemtype', '/system/user']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/adminlogin\\?redirect=${encodeURIComponent(path)}$`));
  }
});

test('signed in: /adminlogin goes to /, unknown paths show 404', async ({ page }) => {
  await openSignedIn(page, sharedToken('admin'));
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/adminlogin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('after signing in the visitor returns to the page asked for', async ({ page }) => {
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/adminlogin\?redirect=/);
  await page.getByLabel('User name').fill('  admin ');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Admin@2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByTestId('profile-card')).toContainText('admin');
});
