import { request } from './request';

/**
 * The common uniqueness calls (docs/api-identity.md) used while a user types in registration and
 * company forms. They answer `data.exists`; a failed call counts as "not known to exist" so a
 * network hiccup never blocks a form (the server checks again on submit).
 */
async function exists(url: string, params: Record<string, string | number>): Promise<boolean> {
  try {
    const body = await request(url, { method: 'POST', params, withToken: false, quiet: true, repeatSubmit: false });
    return Boolean((body.data as { exists?: boolean } | undefined)?.exists);
  } catch {
    return false;
  }
}

export const companyNameExists = (compName: string) => exists('/api/common/companyName', { compName });
export const accountNoExists = (accountNo: string) => exists('/api/common/selectByAccountNo', { accountNo });
export const loginUidExists = (loginUid: string) => exists('/api/common/selectByLoginUid', { loginUid });
/** types 1 supplier (default), 0 employee. */
export const telExists = (tel: string, types: 0 | 1) => exists('/api/common/selectByTel', { tel, types });
