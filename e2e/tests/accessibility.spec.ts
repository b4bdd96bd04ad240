import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/**
 * WCAG 2 A/AA checks by axe on the public pages, the sign-in pages and the admin home, in both
 * languages, at desktop and phone width, with the default and a light theme colour: no violation
 * of serious or critical impact.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
// Label in name (WCAG 2.5.3) is still experimental in axe: a control's visible text must be part
// of its accessible name (as the language switch's).
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
const BLOCKING = new Set(['serious', 'critical']);

const publicPages = [
  '/',
  '/hall',
  '/pub',
  '/resultpub',
  '/extract',
  '/iteminfo',
  '/verify',
  '/mindex',
  '/weblogin',
  '/login',
  '/adminlogin',
  '/register',
  '/404',
];
const languages = ['en', 'zh-CN'] as const;

/** Waits until the page has rendered and antd's styles and fonts are in place. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.evaluate(() => document.fonts.ready);
}

/** The serious and critical violations of the page, one readable line per rule and element. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: EXTRA_RULES }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
      ),
    );
}

/** Audits each path and fails once, listing what every page got wrong. */
async function audit(page: Page, paths: string[], lang: string) {
  const report: string[] = [];
  for (const path of paths) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    await settled(page);
    const found = await blockingViolations(page);
    if (found.length) report.push(`${path} (${lang}):\n  ${found.join('\n  ')}`);
  }
  expect(report, report.join('\n\n')).toEqual([]);
}

for (const lang of languages) {
  test(`public and sign-in pages pass axe (${lang})`, async ({ page }) => {
    await audit(page, publicPages, lang);
  });

  test(`public and sign-in pages pass axe at phone width (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await audit(page, ['/', '/hall', '/verify', '/mindex', '/weblogin', '/adminlogin', '/register'], lang);
  });

  test(`the admin home passes axe, dark and light side menu (${lang})`, async ({ page }) => {
    await openSignedIn(page, sharedToken('admin'), `/adminindex?lang=${lang}`);
    // The page title is the admin pages' h1.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Home' : '首页');
    await audit(page, ['/adminindex'], lang);
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('layout-setting') ?? '{}') as Record<string, unknown>;
      const flipped = stored.sideTheme === 'theme-light' ? 'theme-dark' : 'theme-light';
      localStorage.setItem('layout-setting', JSON.stringify({ ...stored, sideTheme: flipped }));
    });
    await audit(page, ['/adminindex'], lang);
  });
}

test('a light preset theme colour is rendered in an accessible shade', async ({ page }) => {
  // Gold (#ffd700) is 1.4:1 on white; links, tabs, buttons and tags use a darker shade of it.
  await page.addInitScript(() => localStorage.setItem('layout-setting', JSON.stringify({ theme: '#ffd700' })));
  await audit(page, ['/', '/hall', '/weblogin'], 'en');
  await openSignedIn(page, sharedToken('admin'), '/adminindex');
  await audit(page, ['/adminindex'], 'en');
});
