import { expect, test, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken, openSignedIn, sharedToken } from '../support/api';
import { call } from '../support/trading';

/**
 * Each role's home and the two query pages (seach/bidsc, seach/bidhistory), in English and in
 * Chinese: what waits for the person with the counts the server keeps, the charts of its scope,
 * a supplier's own figures, and the query pages' summaries.
 */
const STAFF = ['admin', 'owner1', 'auditor1', 'supervisor1', 'guarantor1', 'finance1'] as const;
const tokens: Record<string, string> = {};

interface Waiting {
  kind: string;
  count: number;
  path: string;
}

test.beforeAll(async () => {
  const api = await apiContext();
  for (const who of STAFF)
    tokens[who] = who === 'admin' ? await employeeToken(api) : await employeeToken(api, who, DEMO_PASSWORD);
  tokens.supplier = sharedToken('supplier');
  await api.dispose();
});

async function dashboardOf(token: string) {
  const api = await apiContext();
  try {
    return (await call(api, 'get', '/api/stats/dashboard', token)) as {
      data: { waiting: Waiting[]; guarantees: unknown };
    };
  } finally {
    await api.dispose();
  }
}

/** With SHOTS_DIR set, a screenshot of what a step shows, to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/stats-${name}.png`, fullPage: true });
}

for (const who of STAFF) {
  test(`${who}'s home shows what waits and the charts of its scope, in English and in Chinese`, async ({ page }) => {
    const { data } = await dashboardOf(tokens[who]!);
    await openSignedIn(page, tokens[who]!, '/adminindex');
    const waiting = page.getByTestId('home-waiting');
    await expect(waiting).toContainText('Waiting for you');
    // What waits is listed with its count and a link to its page; a kind with nothing waiting is not.
    const due = data.waiting.filter((item) => item.count > 0);
    for (const item of due) {
      const link = page.getByTestId(`waiting-${item.kind}`);
      await expect(link).toContainText(String(item.count));
      await expect(link).toHaveAttribute('href', item.path);
    }
    for (const item of data.waiting.filter((i) => i.count === 0))
      await expect(page.getByTestId(`waiting-${item.kind}`)).toHaveCount(0);
    if (due.length === 0) await expect(waiting).toContainText('Nothing waits for you');
    await expect(page.getByTestId('chart-by-status')).toBeVisible();
    await expect(page.getByTestId('home-guarantees')).toHaveCount(data.guarantees ? 1 : 0);
    await shot(page, `${who}-en`);

    await page.goto('/adminindex?lang=zh-CN');
    await expect(page.getByTestId('home-waiting')).toContainText('待我处理');
    await expect(page.getByTestId('chart-by-status')).toContainText('各状态项目数');
    await shot(page, `${who}-zh`);
  });
}

test("a supplier's home shows its own applications, bids, results, orders and notices", async ({ page }) => {
  const api = await apiContext();
  const { data } = (await call(api, 'get', '/api/stats/supplier-home', tokens.supplier!)) as {
    data: { applications: { total: number }; unreadNotices: number };
  };
  await api.dispose();
  await openSignedIn(page, tokens.supplier!, '/adminindex');
  await expect(page.getByTestId('home-applications')).toContainText(String(data.applications.total));
  await expect(page.getByTestId('home-unread')).toContainText(String(data.unreadNotices));
  await expect(page.getByTestId('home-bids')).toBeVisible();
  await expect(page.getByTestId('home-results')).toBeVisible();
  await expect(page.getByTestId('home-orders')).toBeVisible();
  await shot(page, 'supplier-en');
  await page.goto('/adminindex?lang=zh-CN');
  await expect(page.getByTestId('home-applications')).toContainText('我的报名');
  await shot(page, 'supplier-zh');
});

test('project progress: the summary of the filtered projects, in both languages', async ({ page }) => {
  const api = await apiContext();
  const { data } = (await call(api, 'get', '/api/stats/progress/summary', tokens.auditor1!)) as {
    data: { total: number; overdue: number };
  };
  await api.dispose();
  await openSignedIn(page, tokens.auditor1!, '/seach/bidsc');
  await expect(page.getByTestId('summary-total')).toHaveText(String(data.total));
  await expect(page.getByTestId('summary-overdue')).toContainText(String(data.overdue));
  await expect(page.getByTestId('progress-page').locator('.ant-table-row').first()).toBeVisible();
  await shot(page, 'progress-en');
  await page.goto('/seach/bidsc?lang=zh-CN');
  await expect(page.getByTestId('progress-page')).toContainText('下一步');
  await shot(page, 'progress-zh');
});

test('bid records: sealed until the opening, in both languages', async ({ page }) => {
  const api = await apiContext();
  const { rows, total } = (await call(api, 'get', '/api/stats/bids?pageSize=10', tokens.owner1!)) as {
    rows: { id: number; projectName: string; price: number | null }[];
    total: number;
  };
  await api.dispose();
  await openSignedIn(page, tokens.owner1!, '/seach/bidhistory');
  const list = page.getByTestId('bid-records-page');
  await expect(list).toBeVisible();
  if (total > 0) {
    await expect(list).toContainText(rows[0]!.projectName);
    const sealed = rows.find((r) => r.price === null);
    if (sealed) await expect(page.getByTestId(`price-${sealed.id}`)).toBeVisible();
  }
  await shot(page, 'bids-en');
  await page.goto('/seach/bidhistory?lang=zh-CN');
  await expect(list).toContainText('投标单位');
  await shot(page, 'bids-zh');
});
