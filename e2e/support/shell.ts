import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers for the admin shell's tags view (spec §2 "Layout"). */

/** Right-clicks a tab once no other tab's menu is still open (or still fading out). */
export async function openTabMenu(page: Page, tab: Locator): Promise<void> {
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
  await tab.click({ button: 'right' });
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(1);
}

/** Chooses an entry of a tab's right-click menu. */
export async function tabMenuAction(page: Page, tab: Locator, entry: string): Promise<void> {
  await openTabMenu(page, tab);
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: entry }).click();
}
