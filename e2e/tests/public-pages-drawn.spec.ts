import { expect, test, type Page } from '@playwright/test';
import { apiContext, DEMO_PASSWORD, employeeToken } from '../support/api';
import { publishedProject } from '../support/trading';

/**
 * Issue 37: the public pages come drawn by the server. A visitor whose browser runs no script (a
 * search engine's first look) finds each page's content, title, description and addresses in both
 * languages; with scripts the page is hydrated, not drawn again, and speaks the same language.
 */
test.describe.configure({ mode: 'serial' });

const stamp = String(Date.now()).slice(-6);
const NAME = `E2E drawn culvert survey ${stamp}`;
let projectId = 0;
let noticeId = 0;
let noticeTitle = '';

test.beforeAll(async () => {
  const api = await apiContext();
  const owner = await employeeToken(api, 'owner1', DEMO_PASSWORD);
  const auditor = await employeeToken(api, 'auditor1', DEMO_PASSWORD);
  ({ projectId } = await publishedProject(
    api,
    { owner, auditor },
    {
      name: NAME,
      model: 2,
      budget: 180_000,
      minParticipants: 3,
      qualification: 'Class III municipal works licence',
      signupDays: 5,
      openingAfterHours: 2,
    },
  ));
  const detail = (await (await api.get(`/api/hall/projects/${projectId}`)).json()).data as {
    notices: { id: number; title: string }[];
  };
  expect(detail.notices.length).toBeGreaterThan(0);
  noticeId = detail.notices[0]!.id;
  noticeTitle = detail.notices[0]!.title;
  await api.dispose();
});

const head = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    zh: document.querySelector('link[rel="alternate"][hreflang="zh-CN"]')?.getAttribute('href') ?? '',
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
    ogLocale: document.querySelector('meta[property="og:locale"]')?.getAttribute('content') ?? '',
  }));

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false, locale: 'en-US' });

  test('every public page shows its content, title and addresses', async ({ page }) => {
    const pages: { path: string; shows: () => Promise<void> }[] = [
      { path: '/', shows: () => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
      {
        path: '/hall',
        shows: async () => {
          await expect(page.getByText(NAME)).toBeVisible();
          // The filters come with their choices (the project types), not only their labels.
          const types = page.getByRole('combobox', { name: 'Project type' }).locator('option');
          expect(await types.count()).toBeGreaterThan(1);
        },
      },
      {
        path: `/iteminfo?id=${projectId}`,
        shows: async () => {
          await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
          await expect(page.getByText('Class III municipal works licence')).toBeVisible();
        },
      },
      { path: '/pub', shows: () => expect(page.getByRole('link', { name: noticeTitle }).first()).toBeVisible() },
      {
        path: `/pub?id=${noticeId}`,
        shows: () => expect(page.getByRole('heading', { name: noticeTitle })).toBeVisible(),
      },
      {
        path: '/resultpub',
        shows: () => expect(page.getByRole('heading', { name: 'Result announcements' })).toBeVisible(),
      },
      { path: '/extract', shows: () => expect(page.getByRole('heading', { name: 'Draw records' })).toBeVisible() },
      {
        path: '/verify',
        shows: () => expect(page.getByRole('heading', { name: 'Verify a guarantee letter' })).toBeVisible(),
      },
      { path: '/mindex', shows: () => expect(page.getByRole('link', { name: 'Project hall' })).toBeVisible() },
      { path: '/weblogin', shows: () => expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible() },
      {
        path: '/adminlogin',
        shows: () => expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible(),
      },
    ];
    for (const { path, shows } of pages) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await shows();
      const tags = await head(page);
      expect(tags.lang, path).toBe('en');
      expect(tags.title, path).not.toBe('');
      expect(tags.description, path).not.toBe('');
      expect(tags.ogTitle, path).toBe(tags.title);
      expect(tags.ogLocale, path).toBe('en_US');
      expect(new URL(tags.canonical).pathname + new URL(tags.canonical).search, path).toBe(path);
      expect(new URL(tags.zh).searchParams.get('lang'), path).toBe('zh-CN');
    }
    await page.goto(`/iteminfo?id=${projectId}`);
    expect((await head(page)).title).toBe(`${NAME} | Low-value Project Trading`);
  });

  test("the hall's pages are links a visitor without scripts can follow", async ({ page }) => {
    await page.goto('/hall?pageSize=10');
    const first = await page.getByTestId('hall-project').first().textContent();
    const next = page.getByRole('link', { name: 'Next page' });
    await expect(next).toHaveAttribute('href', '/hall?pageSize=10&pageNum=2');
    await next.click();
    await expect(page).toHaveURL(/\/hall\?pageSize=10&pageNum=2$/);
    await expect(page.locator('.ph-pager').getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await page.getByTestId('hall-project').first().textContent()).not.toBe(first);
  });

  test('a page asked in Chinese is drawn in Chinese', async ({ page }) => {
    await page.goto(`/iteminfo?id=${projectId}&lang=zh-CN`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page.getByText('项目大厅').first()).toBeVisible();
    const tags = await head(page);
    expect(tags.lang).toBe('zh-CN');
    expect(tags.ogLocale).toBe('zh_CN');
    expect(tags.title).toBe(`${NAME} | 限额以下项目交易`);
    expect(new URL(tags.canonical).searchParams.get('lang')).toBe('zh-CN');
  });

  test('a project that is not published answers 404 with its page', async ({ page }) => {
    const answer = await page.goto('/iteminfo?id=99999999');
    expect(answer?.status()).toBe(404);
    await expect(page.getByText('This project does not exist or is not published.')).toBeVisible();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });
});

test('pages asked at once in both languages are each drawn in their own', async ({ request }) => {
  const asks = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? '/hall' : '/hall?lang=zh-CN'));
  const answers = await Promise.all(
    asks.map((path) => request.get(path).then(async (r) => ({ path, html: await r.text() }))),
  );
  for (const { path, html } of answers) {
    const chinese = path.endsWith('zh-CN');
    expect(html, path).toContain(chinese ? '<html lang="zh-CN"' : '<html lang="en"');
    expect(html, path).toContain(chinese ? '<h1>项目大厅</h1>' : '<h1>Project hall</h1>');
    expect(html, path).toContain(NAME);
  }
});

test('with scripts the drawn page is hydrated, not drawn again', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // An API call may answer 404 by design (a project without a result yet); the page handles it.
    const apiAnswer = message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/');
    if (message.type() === 'error' && !apiAnswer) problems.push(`${message.text()} ${message.location().url}`);
  });
  // The heading as parsed, before any script runs: a page the browser drew again would drop it.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { drawn?: Element | null }).drawn = document.querySelector('#root h1');
      }
    });
  });
  await page.goto(`/hall?lang=zh-CN`);
  await expect(page.getByText(NAME)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const kept = await page.evaluate(() => {
    const drawn = (window as unknown as { drawn?: Element | null }).drawn;
    return { text: drawn?.textContent, connected: drawn?.isConnected };
  });
  expect(kept).toEqual({ text: '项目大厅', connected: true });
  // Hydrated: the page answers the person, a project's link opens its page in place (no page load:
  // what the page held is still there).
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
  await page.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${NAME} \\|`));
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Back to the hall the same way, then to the sign-in page, which is a page of its own.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: '项目大厅' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.getByTestId('public-signin').click();
  await expect(page).toHaveURL(/\/weblogin$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(problems).toEqual([]);
});

test('what a person does before the drawn page is interactive is not lost', async ({ page }) => {
  // Typed and pressed the moment the sign-in page is parsed, before the page's client has started
  // (it starts after the first paint): the press waits, the typing is kept, the sign-in goes through.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const submit = document.querySelector<HTMLButtonElement>('[data-testid="login-submit"]');
      if (!submit) return; // the page the sign-in leads to
      sessionStorage.setItem('pressed-early', String(performance.getEntriesByName('light:start').length === 0));
      const set = (selector: string, value: string) => {
        const field = document.querySelector<HTMLInputElement>(selector);
        if (field) field.value = value;
      };
      set('#employeePassword_loginUid', 'admin');
      set('#employeePassword_loginPwd', 'Admin@2026');
      submit.click();
    });
  });
  await page.goto('/adminlogin');
  await expect(page).toHaveURL(/\/adminindex$/);
  await expect(page.getByTestId('dashboard')).toContainText('Back-office account');
  expect(await page.evaluate(() => sessionStorage.getItem('pressed-early'))).toBe('true');
});
