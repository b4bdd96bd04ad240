import { expect, test } from '@playwright/test';
import { apiContext, employeeToken, freshPhone, latestSmsCode, openSignedIn, sendSmsCode } from '../support/api';

/** manager/user: filter, detail, blacklist with a reason, lift it, export (issue 4b). */
test('administrator blacklists a supplier company with a reason and lifts it', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  // A company of its own, so the demo suppliers' sessions are left alone.
  const tel = freshPhone('136');
  const compName = `E2E Supplier ${tel.slice(-6)} Co., Ltd.`;
  const uuid = await sendSmsCode(api, tel, 'register');
  const msgCode = await latestSmsCode(api, tel);
  const creditCode = `91330100${tel.slice(-8)}XY`;
  const registered = await (
    await api.post('/api/register', {
      data: { compName, creditCode, contactName: 'E2E Contact', tel, msgCode, uuid, password: 'Passw0rd1' },
    })
  ).json();
  expect(registered.code, registered.msg).toBe(200);

  const token = await employeeToken(api);
  await openSignedIn(page, token, '/manager/user');
  const view = page.getByTestId('suppliers-page');
  await expect(view.locator('tr.ant-table-row').first()).toBeVisible();

  await view.getByRole('textbox', { name: 'Company name' }).fill(compName);
  await view.locator('button[type=submit]').click();
  const row = view.locator('tr.ant-table-row').filter({ hasText: compName });
  await expect(row).toBeVisible();
  await expect(view.locator('tr.ant-table-row')).toHaveCount(1);

  // Detail: the record and its account.
  await row.getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByTestId('supplier-detail');
  await expect(drawer.getByText(creditCode)).toBeVisible();
  await expect(drawer.getByText(tel)).toHaveCount(2);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Blacklist: the reason is required.
  await row.getByRole('button', { name: 'Blacklist' }).click();
  const dialog = page.getByRole('dialog', { name: /Blacklist E2E Supplier/ });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Give the reason (at least 2 characters).')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Forged qualification documents');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(row.getByText('Blacklisted')).toBeVisible();
  await expect(row.getByTestId('blacklist-reason')).toContainText('Forged qualification documents');

  // Filter by status.
  await view.getByRole('button', { name: 'Reset' }).click();
  await view.getByRole('combobox', { name: 'Status' }).click();
  await page.locator('.ant-select-item-option[title="Blacklisted"]').click();
  await view.locator('button[type=submit]').click();
  await expect(row).toBeVisible();

  // Export the filtered list.
  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // Lift it.
  await row.getByRole('button', { name: 'Lift blacklist' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toBeHidden();
  await view.getByRole('button', { name: 'Reset' }).click();
  await view.getByRole('textbox', { name: 'Company name' }).fill(compName);
  await view.locator('button[type=submit]').click();
  const status = row.getByRole('switch', { name: 'Status' });
  await expect(status).toBeChecked();

  // Disabling asks for its reason, which the detail then shows; enabling asks to confirm.
  await status.click();
  const disabling = page.getByRole('dialog', { name: `Disable "${compName}"?` });
  await disabling.getByRole('button', { name: 'Confirm' }).click();
  await expect(disabling.getByText('Give the reason (at least 2 characters).')).toBeVisible();
  await disabling.getByLabel('Reason').fill('Business licence expired');
  await disabling.getByRole('button', { name: 'Confirm' }).click();
  await expect(disabling).toBeHidden({ timeout: 30_000 });
  await expect(status).not.toBeChecked();
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(drawer).toContainText('Business licence expired');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await status.click();
  const enabling = page.locator('.ant-modal-confirm');
  await expect(enabling).toContainText(`Enable "${compName}"?`);
  await enabling.getByRole('button', { name: 'Confirm' }).click();
  await expect(status).toBeChecked();
});
