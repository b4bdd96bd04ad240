import { expect, test, type Page } from '@playwright/test';
import { apiContext, employeeToken, openSignedIn } from '../support/api';

async function pickTreeOption(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await field.fill(text);
  await page
    .locator('.ant-select-tree-title', { hasText: new RegExp(`^${text}$`) })
    .first()
    .click();
}

/** system/dept: create two departments, move one under the other, remove them (issue 4b). */
test('administrator creates, moves and removes departments', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiContext();
  const token = await employeeToken(api);
  await openSignedIn(page, token, '/system/dept');
  const view = page.getByTestId('depts-page');
  await expect(view.locator('tr.ant-table-row').first()).toBeVisible();

  const stamp = Date.now().toString().slice(-6);
  const first = `E2E Dept A${stamp}`;
  const second = `E2E Dept B${stamp}`;
  for (const name of [first, second]) {
    await view.getByRole('button', { name: 'Add' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add department' });
    await dialog.getByLabel('Phone').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the department name.')).toBeVisible();
    await expect(dialog.getByText('Phone: 6 to 20 digits.')).toBeVisible();
    await dialog.getByLabel('Department name').fill(name);
    await dialog.getByLabel('Phone').fill('0571-12345678');
    await dialog.getByLabel('Leader').fill('Tester');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
  }

  // Label filter.
  await view.getByRole('textbox', { name: 'Department name' }).fill(`B${stamp}`);
  await view.locator('button[type=submit]').click();
  await expect(view.locator('td').getByText(second, { exact: true })).toBeVisible();
  await expect(view.locator('td').getByText(first, { exact: true })).toBeHidden();

  // Move B under A.
  await view.locator('tr.ant-table-row').filter({ hasText: second }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit department' });
  await pickTreeOption(page, edit.getByLabel('Parent department'), first);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden({ timeout: 30_000 });

  await view.getByRole('button', { name: 'Reset' }).click();
  await view.getByRole('textbox', { name: 'Department name' }).fill(`E2E Dept`);
  await view.getByRole('button', { name: 'Reset' }).click();
  const rowA = view.locator('tr.ant-table-row').filter({ hasText: first });
  const rowB = view.locator('tr.ant-table-row').filter({ hasText: second });
  await expect(rowB).toBeVisible();
  // B is indented one level below A.
  await expect(rowB.locator('.ant-table-row-indent')).toHaveClass(/indent-level-(\d+)/);
  const level = async (row: typeof rowA) =>
    Number(/indent-level-(\d+)/.exec((await row.locator('.ant-table-row-indent').getAttribute('class')) ?? '')?.[1]);
  expect(await level(rowB)).toBe((await level(rowA)) + 1);

  // A cannot be removed while B is under it: the server's reason is shown.
  await rowA.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('remove its sub-departments first')).toBeVisible();

  for (const row of [rowB, rowA]) {
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toBeHidden();
  }
});
