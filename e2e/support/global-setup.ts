import {
  apiContext,
  employeeToken,
  loginKey,
  supplierPhoneToken,
  SUPPLIER_COMPLETE,
  SUPPLIER_INCOMPLETE,
  SUPPLIER_UI_LOGIN,
  writeState,
} from './api';
import type { FullConfig } from '@playwright/test';
import { recordCaDemo } from './ca';
import { resetClock } from './clock';
import { newSupplier } from './trading';

/**
 * Signs in the shared accounts once: supplier sign-in needs an SMS code, and a phone may receive
 * only one code a minute, so specs reuse these tokens instead of signing in again (sign-in.spec
 * signs in `second`'s phone through the page, long after this). `bidder` is a company registered
 * here, the third bidder of the trading specs. The business clock starts at the real time. The
 * demo certificates the server trusts are noted for ca-sign-in.spec (support/ca.ts).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  recordCaDemo(config);
  const api = await apiContext();
  await resetClock(api);
  const key = await loginKey(api);
  const admin = await employeeToken(api);
  const [supplier, incomplete, second, bidder] = await Promise.all([
    supplierPhoneToken(api, SUPPLIER_COMPLETE),
    supplierPhoneToken(api, SUPPLIER_INCOMPLETE),
    supplierPhoneToken(api, SUPPLIER_UI_LOGIN),
    newSupplier(api, String(Date.now()).slice(-6), admin),
  ]);
  const tokens: Record<string, string> = { admin, supplier, incomplete, second, bidder };
  writeState({ tokens, loginKey: key });
  await api.dispose();
}
