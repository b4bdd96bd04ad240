import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, sharedToken } from '../support/api';

/**
 * Screenshots for a visual check: public home, both sign-in pages and the admin home, at desktop
 * and phone width, in both languages. Runs only with SHOTS_DIR set. Before each shot it checks
 * that the page rendered what was asked for (text on the page, no 404 where one is not expected).
 */
const dir = process.env.SHOTS_DIR;

/**
 * Waits for the page to settle and checks it shows content and not the 404 page. An unknown path
 * (`anyPage`) may show either the 404 page or the sign-in page a visitor is sent to.
 */
async function settled(page: Page, anyPage = false) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  if (!anyPage) await expect(page.getByTestId('not-found')).toHaveCount(0);
}

const widths = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } } as const;
const languages = ['en', 'zh-CN'] as const;
const publicPages = {
  home: '/',
  weblogin: '/weblogin',
  adminlogin: '/adminlogin',
  register: '/webregister',
  mindex: '/mindex',
  hall: '/hall',
  pub: '/pub',
  verify: '/verify',
  extract: '/extract',
  notfound: '/no/such/page',
};

for (const [device, viewport] of Object.entries(widths)) {
  for (const lang of languages) {
    test(`public pages ${device} ${lang}`, async ({ page }) => {
      mkdirSync(dir!, { recursive: true });
      await page.setViewportSize(viewport);
      for (const [name, path] of Object.entries(publicPages)) {
        await page.goto(`${path}?lang=${lang}`);
        await settled(page, name === 'notfound');
        await page.screenshot({ path: `${dir}/${name}-${device}-${lang}.png`, fullPage: true });
      }
      // The detail of the newest project in the hall.
      await page.goto(`/hall?lang=${lang}`);
      await page.getByTestId('hall-project').first().click();
      await settled(page);
      await page.screenshot({ path: `${dir}/iteminfo-${device}-${lang}.png`, fullPage: true });
    });

    test(`admin home ${device} ${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const [who, token] of [
        ['admin', sharedToken('admin')],
        ['supplier', sharedToken('supplier')],
      ] as const) {
        await page.context().clearCookies();
        await openSignedIn(page, token, `/adminindex?lang=${lang}`);
        await settled(page);
        await page.screenshot({ path: `${dir}/adminindex-${who}-${device}-${lang}.png`, fullPage: true });
      }
      await page.goto('/user/profile');
      await settled(page);
      await page.screenshot({ path: `${dir}/profile-${device}-${lang}.png`, fullPage: true });
      await page.goto('/company/info');
      await settled(page);
      await page.screenshot({ path: `${dir}/companyinfo-${device}-${lang}.png`, fullPage: true });
      await page.goto('/company/edit');
      await settled(page);
      await page.screenshot({ path: `${dir}/companyedit-${device}-${lang}.png`, fullPage: true });
    });
  }
}

test('dark and light side theme, settings drawer', async ({ page }) => {
  mkdirSync(dir!, { recursive: true });
  await openSignedIn(page, sharedToken('supplier'), '/company/info');
  await settled(page);
  await page.screenshot({ path: `${dir}/theme-dark.png` });
  await page.getByTestId('user-menu').click();
  await page.getByText('Layout settings').click();
  await page.getByTestId('side-theme-theme-light').click();
  await page.getByTestId('theme-color-#c71585').click();
  await page.screenshot({ path: `${dir}/settings-drawer.png` });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${dir}/theme-light.png` });
  await page.evaluate(() => localStorage.removeItem('layout-setting'));
});

/** The administration pages as the administrator sees them, in both languages and at both widths. */
const adminPages = {
  config: '/system/config',
  parameters: '/base/parameter',
  notices: '/system/notice',
  users: '/system/user',
  logs: '/base/log',
  projects: '/item/project',
  projectQuery: '/item/cxitem',
  itemTypes: '/basic/itemtype',
  places: '/basic/itemplace',
  process: '/basic/itemprocess',
  guaranteeProducts: '/guarantee/product',
  guaranteeOrders: '/order',
  guaranteeLetters: '/guarantee/gl',
  poolMembers: '/pool/cbsman',
  poolData: '/pool/datatb',
  poolPublicity: '/pool/fixpub',
  poolDrawn: '/pool/cbsselected',
  draws: '/mandraw/draw',
};
/**
 * Screenshots of `pages` as the shared account `who` sees them, in both languages and at both
 * widths; `more` takes further ones on the same signed-in page.
 */
function shootPages(
  who: 'admin' | 'supplier',
  pages: Record<string, string>,
  more?: (page: Page, shot: (name: string, fullPage?: boolean) => Promise<void>, lang: string) => Promise<void>,
) {
  for (const [device, viewport] of Object.entries(widths)) {
    for (const lang of languages) {
      test(`${who} pages ${device} ${lang}`, async ({ page }) => {
        mkdirSync(dir!, { recursive: true });
        await page.setViewportSize(viewport);
        await openSignedIn(page, sharedToken(who), `/adminindex?lang=${lang}`);
        const shot = (name: string, fullPage = true) =>
          page.screenshot({ path: `${dir}/${who}-${name}-${device}-${lang}.png`, fullPage }).then(() => undefined);
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(path);
          await settled(page);
          await shot(name);
        }
        await more?.(page, shot, lang);
      });
    }
  }
}

shootPages('admin', adminPages, async (page, shot, lang) => {
  // A project's detail with its timeline, opened from the owner's list.
  await page.goto('/item/project');
  await page.getByRole('button', { name: /Survey of the Yuecheng/ }).click();
  await page.waitForLoadState('networkidle');
  await shot('projectDetail');
  await page.goto('/system/notice');
  await page.getByRole('button', { name: lang === 'en' ? 'Add' : '新增' }).click();
  await page.locator('.ql-editor').waitFor();
  await shot('notice-editor', false);
  // The expert pool, the second tab of the pool members' page.
  await page.goto('/pool/cbsman');
  await page.getByRole('tab', { name: lang === 'en' ? 'Experts' : '专家库' }).click();
  await settled(page);
  await shot('poolExperts');
});

/** The supplier's own pages: the hall, followed projects, notices and the company record. */
shootPages('supplier', {
  hall: '/web/hall',
  followed: '/mine/supItem',
  notices: '/mine/supPub',
  company: '/mine/company',
  guaranteeOrders: '/orders/order',
  guarantees: '/order/myguarantee',
  applications: '/web/project',
  drawnFor: '/web/bidding1',
});
