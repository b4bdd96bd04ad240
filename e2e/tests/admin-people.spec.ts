import { expect, test } from '@playwright/test';
import {
  apiContext,
  employeeToken,
  freshPhone,
  latestSmsCode,
  openSignedIn,
  outbox,
  sendSmsCode,
} from '../support/api';

/**
 * bidperson/auditperson, jjperson and adminuser: a person is created in one step with the
 * function's role, can sign in at once, and holds that role (issue 4b).
 */
const functions = [
  {
    page: 'auditperson',
    testId: 'people-auditors-page',
    prefix: 'aud',
    role: 'auditor',
    label: 'an auditor',
    staffRole: null,
  },
  {
    page: 'jjperson',
    testId: 'people-supervisors-page',
    prefix: 'sup',
    role: 'supervisor',
    label: 'a supervisor',
    staffRole: null,
  },
  {
    page: 'adminuser',
    testId: 'people-staff-page',
    prefix: 'stf',
    role: 'finance',
    label: 'a finance officer',
    staffRole: 'Finance',
  },
] as const;

for (const f of functions) {
  test(`administrator creates ${f.label} in one step on ${f.page}`, async ({ page }) => {
    test.setTimeout(120_000);
    const api = await apiContext();
    await openSignedIn(page, await employeeToken(api), `/people/${f.page}`);
    const view = page.getByTestId(f.testId);
    await expect(view.locator('tr.ant-table-row').first()).toBeVisible();

    const uid = `${f.prefix}${Date.now().toString().slice(-7)}`;
    await view.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the user name.')).toBeVisible();
    if (f.staffRole) {
      await expect(dialog.getByText('Choose guarantee staff or finance.')).toBeVisible();
      await dialog.getByLabel('Function').click();
      await page.locator(`.ant-select-item-option[title="${f.staffRole}"]`).click();
    }
    await dialog.getByLabel('User name').fill(uid);
    await dialog.getByLabel('Name', { exact: true }).fill(`E2E ${f.role}`);
    await dialog.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    await view.getByRole('textbox', { name: 'User name' }).fill(uid);
    await view.locator('button[type=submit]').click();
    await expect(view.locator('tr.ant-table-row').filter({ hasText: uid })).toBeVisible();
    await expect(view.locator('tr.ant-table-row')).toHaveCount(1);

    // The person can sign in at once, with the function's role.
    const token = await employeeToken(api, uid, 'Passw0rd!');
    const info = await (await api.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(info.rows.user.roles).toContain(f.role);
  });
}

/** bidperson/yezhu: an owner organisation's account request is approved; the password goes by SMS. */
test('administrator approves an owner account request', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  const tel = freshPhone('135');
  const loginUid = `own${tel.slice(-7)}`;
  const orgName = `E2E Owner Org ${tel.slice(-6)}`;
  const uuid = await sendSmsCode(api, tel, 'register');
  const msgCode = await latestSmsCode(api, tel);
  const asked = await (
    await api.post('/api/employee/register', {
      data: { orgName, departCategory: 'School', contactName: 'E2E Contact', tel, msgCode, uuid, loginUid },
    })
  ).json();
  expect(asked.code, asked.msg).toBe(200);

  await openSignedIn(page, await employeeToken(api), '/people/yezhu');
  const view = page.getByTestId('owners-page');
  await view.getByRole('tab', { name: 'Account requests' }).click();
  const requests = view.getByTestId('owner-requests');
  const row = requests.locator('tr.ant-table-row').filter({ hasText: orgName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toBeHidden();

  // Approved requests are listed under their status.
  await requests.getByRole('combobox', { name: 'Request status' }).click();
  await page.locator('.ant-select-item-option[title="Approved"]').click();
  await requests.locator('button[type=submit]').click();
  await expect(row.getByText('Approved')).toBeVisible();

  // The organisation exists and the password arrived by SMS: the owner signs in with it.
  await view.getByRole('tab', { name: 'Owner organisations' }).click();
  await expect(view.getByTestId('owner-orgs').getByText(orgName, { exact: true })).toBeVisible();
  const sms = (await outbox(api, tel))[0]?.content ?? '';
  const password = /Initial password: (\S+?)\.\s/.exec(sms)?.[1];
  expect(password, sms).toBeTruthy();
  const token = await employeeToken(api, loginUid, password!);
  const me = await (await api.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me.rows.user).toMatchObject({ logUid: loginUid, roles: ['owner'] });

  await view.getByRole('tab', { name: 'Owners' }).click();
  await expect(view.getByTestId('people-owners-page').getByText(loginUid, { exact: true })).toBeVisible();
});
