import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';

/**
 * Issue 12, applications: a supplier applies from a published project's page in the hall, the
 * owner qualifies it on the qualification check, the supplier sees "Qualified" in its
 * applications; in Chinese, the auditor rejects another application with a reason that the
 * supplier then reads.
 */
test.describe.configure({ mode: 'serial' });

const stamp = String(Date.now()).slice(-6);
const QUALIFIED = `E2E apply road works ${stamp}`;
const REJECTED = `E2E apply bridge paint ${stamp}`;
const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

let ownerToken = '';
let auditorToken = '';
let supplierToken = '';
let companyName = '';
let qualifiedId = 0;
let rejectedId = 0;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function uploadPdf(api: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await api.post('/common/upload', {
    headers: auth(token),
    multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.fileName as string;
}

/** A price-competition project of the demo owner, published by the auditor; sign-up open since yesterday. */
async function publishedProject(api: APIRequestContext, name: string): Promise<number> {
  const options = (await (await api.get('/api/hall/options')).json()).data as {
    types: { id: number; code: string }[];
    places: { children?: { children?: { id: number }[] }[] }[];
  };
  const start = Date.now() - DAY;
  const created = await (
    await api.post('/api/projects', {
      headers: auth(ownerToken),
      data: {
        name,
        typeId: options.types.find((x) => x.code === 'construction')!.id,
        placeId: options.places[0]!.children![0]!.children![0]!.id,
        budget: 50_000_000,
        model: 2,
        minParticipants: 3,
        guaranteeRequired: true,
        guaranteeAmount: 500_000,
        signupStart: new Date(start).toISOString(),
        bidDeadline: new Date(start + 10 * DAY).toISOString(),
        openingAt: new Date(start + 11 * DAY).toISOString(),
        publicityDays: 3,
        qualification: 'Municipal works grade three or above',
        contactName: 'Olivia Owner',
        contactTel: '0571-8765 4321',
        documents: [await uploadPdf(api, ownerToken, 'tender.pdf')],
      },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  const id = created.data.id as number;
  for (const [token, event] of [
    [ownerToken, 'submit'],
    [auditorToken, 'approve'],
  ] as const) {
    const moved = await (await api.post(`/api/projects/${id}/${event}`, { headers: auth(token) })).json();
    expect(moved.code, JSON.stringify(moved)).toBe(200);
  }
  return id;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const api = await apiContext();
  ownerToken = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  auditorToken = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  supplierToken = sharedToken('supplier');
  companyName = (await (await api.get('/api/user/info', { headers: auth(supplierToken) })).json()).rows.user.company
    .compName as string;
  qualifiedId = await publishedProject(api, QUALIFIED);
  rejectedId = await publishedProject(api, REJECTED);
  await api.dispose();
});

test('a visitor is asked to sign in as a supplier to apply', async ({ page }) => {
  await page.goto(`/iteminfo?id=${qualifiedId}`);
  await expect(page.getByTestId('apply-note')).toContainText('Sign in as a supplier to apply');
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
});

test('a supplier applies from the project page in the hall', async ({ page }) => {
  await openSignedIn(page, supplierToken, `/iteminfo?id=${qualifiedId}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Without documents the form says what is missing (a guarantee letter may follow the application).
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Upload your qualification documents.')).toBeVisible();
  await dialog.getByLabel('Contact', { exact: true }).fill('Sam Supplier');
  await dialog.getByLabel('Contact phone').fill('13900001111');
  await dialog.getByLabel('Guarantee letter number').fill(`BG-${stamp}`);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'grade-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByText('grade-certificate.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your application has been received.')).toBeVisible();
  await expect(page.getByTestId('my-application-state')).toContainText('Your application: Pending check');
});

test('the owner qualifies it on the qualification check', async ({ page }) => {
  await openSignedIn(page, ownerToken, '/bidmanager/bidcheck');
  const list = page.getByTestId('application-check-page');
  await list.getByLabel('Project name or code').fill(QUALIFIED);
  await list.getByLabel('Project name or code').press('Enter');
  const row = list.locator('.ant-table-row').filter({ hasText: companyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('grade-certificate.pdf');
  await expect(row).toContainText(`BG-${stamp}`);
  await row.getByRole('button', { name: 'View' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByTestId('application-timeline')).toContainText('Applied');
  await drawer.getByRole('button', { name: 'Qualify' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The application is qualified.')).toBeVisible();
  await expect(drawer.getByTestId('application-detail')).toContainText('Qualified');
  await expect(drawer.getByTestId('application-timeline')).toContainText('owner1');
});

test('the supplier sees "Qualified" in its applications, and a notice', async ({ page }) => {
  await openSignedIn(page, supplierToken, '/web/project');
  const row = page.getByTestId('my-applications-page').locator('.ant-table-row').filter({ hasText: QUALIFIED });
  await expect(row).toContainText('Qualified');
  // Withdrawing is still offered before the deadline, after a confirmation.
  await expect(row.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await page.goto(`/iteminfo?id=${qualifiedId}`);
  await expect(page.getByTestId('my-application-state')).toContainText('Your application: Qualified');
  await page.goto('/mine/supPub');
  await expect(page.getByText(`Application qualified: ${QUALIFIED}`)).toBeVisible();
});

test('in Chinese: the auditor rejects an application with a reason, and the supplier reads it', async ({ page }) => {
  const api = await apiContext();
  const applied = await (
    await api.post(`/api/hall/projects/${rejectedId}/apply`, {
      headers: auth(supplierToken),
      data: {
        contactName: 'Sam Supplier',
        contactTel: '13900001111',
        guaranteeLetterNo: `BG-${stamp}-2`,
        documents: [await uploadPdf(api, supplierToken, 'licence.pdf')],
      },
    })
  ).json();
  expect(applied.code, JSON.stringify(applied)).toBe(200);
  await api.dispose();

  await openSignedIn(page, auditorToken, '/bidmanager/bidcheck?lang=zh-CN');
  const list = page.getByTestId('application-check-page');
  await list.getByLabel('项目名称或编号').fill(REJECTED);
  await list.getByLabel('项目名称或编号').press('Enter');
  const row = list.locator('.ant-table-row').filter({ hasText: companyName });
  await row.getByRole('button', { name: '审查不通过' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('原因').fill('资质证书已过期');
  await dialog.getByRole('button', { name: /确\s?认/ }).click();
  await expect(page.getByText('报名未通过资格审查。')).toBeVisible();

  await page.context().clearCookies();
  await openSignedIn(page, supplierToken, '/web/project?lang=zh-CN');
  const mine = page.getByTestId('my-applications-page').locator('.ant-table-row').filter({ hasText: REJECTED });
  await expect(mine).toContainText('未通过');
  await expect(mine).toContainText('资质证书已过期');
});
