import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses `option` in the antd select inside `field` (a form item) and checks that the select now
 * shows it. A click that lands while the dropdown is still opening or closing is tried again, so a
 * slow machine does not pick nothing.
 */
export async function chooseOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  const select = field.locator('.ant-select').first();
  await expect(async () => {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
