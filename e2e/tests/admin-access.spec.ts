import { expect, test } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn } from '../support/api';

/** An owner sees none of the administration entries and cannot open their data (issue 4). */
test('an owner cannot see what is not theirs', async ({ page }) => {
  const api = await apiContext();
  const token = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  await openSignedIn(page, token, '/adminindex');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  const menu = page.locator('.ant-layout-sider, nav').first();
  // The owner's own entries are there, so the absences below are of a menu that has rendered.
  await expect(menu.getByText('Projects', { exact: true })).toBeVisible();
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
    await expect(page.getByTestId('not-found')).toBeVisible();
    for (const id of ['menus-page', 'depts-page', 'suppliers-page', 'owners-page', 'logs-page']) {
      await expect(page.getByTestId(id)).toHaveCount(0);
    }
  }
  await page.goto('/system/user');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('users-page')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  // The server refuses the calls too.
  for (const url of [
    '/api/system/users',
    '/api/system/menus',
    '/api/system/depts',
    '/api/manager/suppliers',
    '/api/people/owners',
    '/api/base/logs/operations',
  ]) {
    const refused = await api.get(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status(), url).toBe(403);
    expect(await refused.json(), url).toEqual({ code: 403, msg: 'no permission for the current operation' });
  }
});
