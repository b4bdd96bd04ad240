import { expect, test } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn } from '../support/api';

/** An owner sees none of the administration entries and cannot open their data (issue 4). */
test('an owner cannot see what is not theirs', async ({ page }) => {
  const api = await apiContext();
  const token = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  await openSignedIn(page, token, '/adminindex');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  const menu = page.locator('.ant-layout-sider, nav').first();
  for (const name of ['Users', 'Roles', 'Menus', 'Departments', 'Notices', 'Logs']) {
    await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
  }
  // Nor the administration pages of issue 4b (menus, departments, suppliers, people, logs).
  const later = ['Menu settings', 'Supplier accounts', 'Platform staff', 'Auditors', 'Supervisors', 'Owners', 'People'];
  for (const name of later) {
    await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
  }
  for (const path of ['/system/menu', '/system/dept', '/manager/user', '/people/yezhu', '/base/log']) {
    await page.goto(path);
    for (const id of ['menus-page', 'depts-page', 'suppliers-page', 'owners-page', 'logs-page']) {
      await expect(page.getByTestId(id)).toHaveCount(0);
    }
  }
  await page.goto('/system/user');
  await expect(page.getByTestId('users-page')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  // The server refuses the call too.
  const answer = await (await api.get('/api/system/users', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(answer.code).not.toBe(200);
  for (const url of [
    '/api/system/menus',
    '/api/system/depts',
    '/api/manager/suppliers',
    '/api/people/owners',
    '/api/base/logs/operations',
  ]) {
    const refused = await (await api.get(url, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(refused.code, url).not.toBe(200);
  }
});
