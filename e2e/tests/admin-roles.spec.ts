import { expect, test } from '@playwright/test';
import { apiContext, employeeToken, openSignedIn } from '../support/api';

interface MenuRow {
  id: number;
  parentId: number;
  name: string;
  perms: string | null;
}

/** system/role: grant through the checkable menu tree, and the grant ceiling's refusal (issue 4). */
test('roles: tree grant and grant-ceiling refusal', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  const admin = await employeeToken(api);
  const auth = { Authorization: `Bearer ${admin}` };
  await openSignedIn(page, admin, '/system/role');
  const view = page.getByTestId('roles-page');
  await expect(view.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();

  // Create a role granting the Departments page through the tree.
  const key = `e2e_role_${Date.now().toString().slice(-6)}`;
  await view.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add role' });
  await dialog.getByLabel('Role name').fill('E2E role');
  await dialog.getByLabel('Role key').fill(key);
  await dialog.getByRole('button', { name: 'Expand all' }).click();
  await dialog
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText('Departments', { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const roles = await (
    await api.get(`/api/system/roles?roleKey=${key}&pageNum=1&pageSize=10`, { headers: auth })
  ).json();
  const created = await (await api.get(`/api/system/roles/${roles.rows[0].id}`, { headers: auth })).json();
  const menus = (await (await api.get('/api/system/menus', { headers: auth })).json()).data as MenuRow[];
  const deptList = menus.find((m) => m.perms === 'system:dept:list')!;
  expect(created.data.menuIds).toContain(deptList.id);

  // A role manager holding only the role pages cannot grant the user pages.
  const rolePerms = menus.filter((m) => m.perms?.startsWith('system:role:'));
  const system = menus.find((m) => m.id === rolePerms[0]!.parentId)!;
  const managerIds = [
    ...new Set([
      system.id,
      ...rolePerms.map((m) => m.id),
      ...menus.filter((m) => rolePerms.some((p) => p.id === m.parentId)).map((m) => m.id),
    ]),
  ];
  const mgrKey = `e2e_mgr_${Date.now().toString().slice(-6)}`;
  const mgrRole = await (
    await api.post('/api/system/roles', {
      headers: auth,
      data: { roleKey: mgrKey, name: 'Role manager', menuIds: managerIds, dataScope: '1' },
    })
  ).json();
  expect(mgrRole.code).toBe(200);
  const tree = (await (await api.get('/api/system/depts/tree', { headers: auth })).json()).data;
  const uid = `mgr${Date.now().toString().slice(-6)}`;
  const user = await (
    await api.post('/api/system/users', {
      headers: auth,
      data: {
        loginUid: uid,
        name: 'Role Manager',
        password: 'Passw0rd1',
        deptId: tree[0].id,
        roleIds: [mgrRole.data.id],
      },
    })
  ).json();
  expect(user.code).toBe(200);
  const mgrToken = await employeeToken(api, uid, 'Passw0rd1');
  const context = await browser.newContext();
  const mgrPage = await context.newPage();
  await openSignedIn(mgrPage, mgrToken, '/system/role');
  const mgrView = mgrPage.getByTestId('roles-page');
  await mgrView.getByRole('button', { name: 'Add' }).click();
  const mgrDialog = mgrPage.getByRole('dialog', { name: 'Add role' });
  await mgrDialog.getByLabel('Role name').fill('Too much');
  await mgrDialog.getByLabel('Role key').fill(`e2e_over_${Date.now().toString().slice(-6)}`);
  await mgrDialog.getByRole('button', { name: 'Expand all' }).click();
  await mgrDialog
    .locator('.ant-tree-treenode')
    .filter({ has: mgrPage.getByText('Users', { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
  await mgrDialog.getByRole('button', { name: 'Save' }).click();
  await expect(mgrDialog.getByTestId('role-refusal')).toContainText('which you do not hold');
  await context.close();
});
