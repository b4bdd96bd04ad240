import { expect, test } from '@playwright/test';
import { apiContext, employeeToken, openSignedIn } from '../support/api';

/** base/log: filter and export the operation log and the sign-in log (issue 4b). */
test('administrator filters and exports the logs', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  const token = await employeeToken(api);
  // At least one PUT by admin today.
  await api.put('/api/system/menus/1/status', { headers: { Authorization: `Bearer ${token}` }, data: { status: '0' } });
  await openSignedIn(page, token, '/base/log');
  const view = page.getByTestId('logs-page');

  const ops = view.getByTestId('operation-log');
  await expect(ops.locator('tr.ant-table-row').first()).toBeVisible();
  await ops.getByRole('combobox', { name: 'Method' }).click();
  await page.locator('.ant-select-item-option[title="PUT"]').click();
  await ops.getByRole('textbox', { name: 'User' }).fill('admin');
  const today = new Date();
  const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await ops.getByPlaceholder('Start date').fill(ymd);
  await ops.getByPlaceholder('End date').fill(ymd);
  const opsQuery = page.waitForRequest(
    (r) => r.url().includes('/api/base/logs/operations?') && r.url().includes('method=PUT'),
  );
  await ops.getByPlaceholder('End date').press('Enter');
  await ops.locator('button[type=submit]').click();
  const sent = new URL((await opsQuery).url());
  expect(sent.searchParams.get('beginTime')).toBe(ymd);
  expect(sent.searchParams.get('endTime')).toBe(ymd);
  await expect(ops.locator('tr.ant-table-row').first()).toContainText('PUT');
  for (const text of await ops.locator('tr.ant-table-row td:nth-child(2)').allTextContents()) expect(text).toBe('PUT');
  let download = page.waitForEvent('download');
  await ops.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  await view.getByRole('tab', { name: 'Sign-in log' }).click();
  const signins = view.getByTestId('signin-log');
  await expect(signins.locator('tr.ant-table-row').first()).toBeVisible();
  await signins.getByRole('textbox', { name: 'Account' }).fill('admin');
  await signins.getByRole('combobox', { name: 'Kind' }).click();
  await page.locator('.ant-select-item-option[title="Back office"]').click();
  await signins.locator('button[type=submit]').click();
  await expect(signins.locator('tr.ant-table-row').first()).toContainText('admin');
  for (const text of await signins.locator('tr.ant-table-row td:nth-child(1)').allTextContents()) {
    expect(text).toContain('admin');
  }
  download = page.waitForEvent('download');
  await signins.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
