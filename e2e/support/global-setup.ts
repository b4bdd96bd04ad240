import {
  apiContext,
  employeeToken,
  loginKey,
  supplierPhoneToken,
  SUPPLIER_COMPLETE,
  SUPPLIER_INCOMPLETE,
  writeState,
} from './api';

/**
 * Signs in the shared accounts once: supplier sign-in needs an SMS code, and a phone may receive
 * only one code a minute, so specs reuse these tokens instead of signing in again.
 */
export default async function globalSetup(): Promise<void> {
  const api = await apiContext();
  const key = await loginKey(api);
  const tokens: Record<string, string> = {
    admin: await employeeToken(api),
    supplier: await supplierPhoneToken(api, SUPPLIER_COMPLETE),
    incomplete: await supplierPhoneToken(api, SUPPLIER_INCOMPLETE),
  };
  writeState({ tokens, loginKey: key });
  await api.dispose();
}
