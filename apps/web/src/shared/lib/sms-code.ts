import { CAPTCHA_TIMEOUT_MS } from '@lvb/contracts/limits';
import type { SmsPurpose } from '@lvb/contracts/identity';
import { request } from './request';

/** GET /api/common/common/code: sends a 6-digit code to the phone; answers the `uuid` of the request. */
export async function sendSmsCode(tel: string, purpose: SmsPurpose): Promise<string> {
  const body = await request('/api/common/common/code', {
    params: { tel, purpose },
    withToken: false,
    timeout: CAPTCHA_TIMEOUT_MS,
  });
  return String(body.uuid ?? '');
}
