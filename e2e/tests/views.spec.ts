import { VIEW_KEYS } from '@lvb/contracts/views';
import { expect, test } from '@playwright/test';
import { viewKeysWithoutPage } from '../../apps/web/src/app/routes/menu-model';

/**
 * Lists the menu view keys (DESIGN §6) that have no page in the web app's view registry yet, so
 * each issue that builds pages can see what is left. Every key must be a known one.
 */
test('view keys without a page', () => {
  const missing = viewKeysWithoutPage(VIEW_KEYS);
  console.log(`${missing.length} of ${VIEW_KEYS.length} view keys have no page yet:\n  ${missing.join('\n  ')}`);
  expect(missing.every((key) => (VIEW_KEYS as readonly string[]).includes(key))).toBe(true);
});
