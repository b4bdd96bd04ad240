import {
  apiContext,
  employeeToken,
  loginKey,
  supplierPhoneToken,
  SUPPLIER_COMPLETE,
  SUPPLIER_INCOMPLETE,
  writeState,
} from './api';
import { newSupplier } from './trading';

/**
 * Signs in the shared accounts once: supplier sign-in needs an SMS code, and a phone may receive
 * only one code a minute, so specs reuse these tokens instead of signing in again. `bidder` is a
 * company registered here (two SMS windows of its new phone, while the others sign in), the third
 * bidder of the trading specs.
 */
export default async function globalSetup(): Promise<void> {
  const api = await apiContext();
  const key = await loginKey(api);
  const [admin, supplier, incomplete, bidder] = await Promise.all([
    employeeToken(api),
    supplierPhoneToken(api, SUPPLIER_COMPLETE),
    supplierPhoneToken(api, SUPPLIER_INCOMPLETE),
    newSupplier(api, String(Date.now()).slice(-6)),
  ]);
  const tokens: Record<string, string> = { admin, supplier, incomplete, bidder };
  writeState({ tokens, loginKey: key });
  await api.dispose();
}
