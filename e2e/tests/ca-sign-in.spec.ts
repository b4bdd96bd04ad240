import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  apiContext,
  DEMO_PASSWORD,
  nextSmsCode,
  smsCodeCount,
  SUPPLIER_UI_LOGIN,
  waitForSmsWindow,
} from '../support/api';
import { caDemoFiles, removeCertificates, type CaDemoFiles } from '../support/ca';

/**
 * Certificate sign-in (DESIGN §9) through the pages: an account binds its certificate where the
 * spec says (a supplier on its company page, an employee on the profile), signs out, and signs in
 * again with the PKCS#12 file and its password; the key never leaves the browser. The demo CA
 * of `npm run ca:demo` is trusted by the server (support/ca.ts).
 */
const demo = caDemoFiles();
// Never skipped: a run whose server trusts no demo CA fails here and says why.
if (!demo)
  throw new Error(
    'the server trusts no demo CA: start-server.mjs writes one; name it with E2E_CA_DIR for an outside server',
  );
const files: CaDemoFiles = demo;

/** WCAG 2 A/AA by axe (as accessibility.spec): no violation of serious or critical impact. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

/** The session's token, to tidy up through the API. */
async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('not signed in');
  return cookie.value;
}

/** "Bind a certificate" of the certificates card, with this file and the demo password. */
async function bind(page: Page, file: string) {
  const card = page.getByTestId('certificates-card');
  await card.getByRole('button', { name: 'Bind a certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bind a certificate' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByLabel('Certificate password').fill(files.password);
  await dialog.getByRole('button', { name: 'Bind a certificate' }).click();
  return dialog;
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.locator('.logout-dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The certificate tab of a sign-in page: the file, its password, sign in. */
async function signInWithCertificate(page: Page, signInPath: string, file: string) {
  await page.goto(signInPath);
  await page.getByRole('tab', { name: 'Certificate' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Certificate' });
  await panel.getByLabel('Certificate file').setInputFiles(file);
  await panel.getByRole('textbox', { name: 'Certificate password' }).fill(files.password);
  await panel.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/adminindex$/);
}

test('a supplier binds its certificate on its company page and signs in with it', async ({ page }) => {
  // The SMS code of the password sign-in may have to wait out the one-code-a-minute window.
  test.setTimeout(150_000);
  const api = await apiContext();
  await waitForSmsWindow(api, SUPPLIER_UI_LOGIN);
  await page.goto('/weblogin');
  await page.getByLabel('Mobile phone').fill(SUPPLIER_UI_LOGIN);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  // The code this click asks for, not one an earlier sign-in left in the outbox.
  const codes = await smsCodeCount(api, SUPPLIER_UI_LOGIN);
  await page.getByTestId('send-sms-code').first().click();
  await page.getByLabel('SMS code').fill(await nextSmsCode(api, SUPPLIER_UI_LOGIN, codes));
  await page.getByTestId('login-submit').first().click();
  await expect(page).toHaveURL(/\/adminindex$/);
  await removeCertificates(api, await tokenOf(page));

  await page.getByTestId('sidebar-menu').getByText('My company', { exact: true }).click();
  await page.getByTestId('sidebar-menu').getByText('Company information', { exact: true }).click();
  await expect(page.getByTestId('certificates-card')).toContainText('No certificate is bound to this account.');
  // A revoked certificate is refused, with the server's reason in the dialog.
  const dialog = await bind(page, files.revoked);
  await expect(dialog.getByTestId('bind-certificate-refusal')).toContainText('certificate not accepted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await bind(page, files.supplier);
  await expect(page.getByText('Certificate bound: it can now sign in to this account.')).toBeVisible();
  await expect(page.getByTestId('certificate-list')).toContainText('CN=Li Wei');

  await logOut(page);
  await signInWithCertificate(page, '/weblogin', files.supplier);
  await expect(page.getByTestId('dashboard')).toContainText('Supplier account');
  await expect(page.getByTestId('user-menu')).toContainText('Li Wei');

  // Removed, after a confirmation: the certificate no longer signs in.
  await page.goto('/company/info');
  const card = page.getByTestId('certificates-card');
  await card.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove this certificate?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(card).toContainText('No certificate is bound to this account.');
  await logOut(page);
  await page.goto('/weblogin');
  await page.getByRole('tab', { name: 'Certificate' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Certificate' });
  await panel.getByLabel('Certificate file').setInputFiles(files.supplier);
  await panel.getByRole('textbox', { name: 'Certificate password' }).fill(files.password);
  await panel.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'certificate sign-in refused' })).toBeVisible();
  await expect(page).toHaveURL(/\/weblogin$/);
  await api.dispose();
});

test('an employee binds a certificate on the profile and signs in with it at /adminlogin', async ({ page }) => {
  const api = await apiContext();
  await page.goto('/adminlogin');
  await page.getByLabel('User name').fill('owner1');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').first().click();
  await expect(page).toHaveURL(/\/adminindex$/);
  await removeCertificates(api, await tokenOf(page));

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Personal center' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await bind(page, files.employee);
  await expect(page.getByText('Certificate bound: it can now sign in to this account.')).toBeVisible();
  await expect(page.getByTestId('certificate-list')).toContainText('CN=Olivia Owner');
  await expectAccessible(page);

  await logOut(page);
  // A wrong password is named under its field; nothing is sent.
  await page.goto('/adminlogin');
  await page.getByRole('tab', { name: 'Certificate' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Certificate' });
  await panel.getByLabel('Certificate file').setInputFiles(files.employee);
  const password = panel.getByRole('textbox', { name: 'Certificate password' });
  await password.fill('not-the-password');
  await panel.getByTestId('login-submit').click();
  await expect(panel.getByRole('alert')).toHaveText('Wrong password or not a certificate file.');
  await expectAccessible(page);

  await signInWithCertificate(page, '/adminlogin', files.employee);
  await expect(page.getByTestId('user-menu')).toContainText('Olivia Owner');
  await api.dispose();
});
