import type {
  captchaAnswer,
  employeeLoginBody,
  employeePhoneLoginBody,
  supplierPasswordLoginBody,
  supplierPhoneLoginBody,
} from '@lvb/contracts/identity';
import { CAPTCHA_TIMEOUT_MS } from '@lvb/contracts/limits';
import type { WireOf } from '@lvb/contracts/wire';
import type { z } from 'zod';
import { readFields } from '@/shared/lib/answer-shape';
import { encryptLoginFields } from '@/shared/lib/login-cipher';
import { request, type ApiEnvelope } from '@/shared/lib/request';
import { loginKey } from '@/shared/lib/site-info';

/**
 * Sign-in calls of docs/api-identity.md; each resolves to the session token. The inputs are the
 * contracts' bodies before encryption: the same fields, in plain text.
 */

// The answers are checked by hand (signInRows, captchaAnswer of the contracts): the sign-in pages do not load zod.
const tokenFromRows = (body: ApiEnvelope): string => readFields(body.rows, { token: 'string' }, 'sign-in').token;

/** Posts sign-in fields encrypted with the site's login key (DESIGN §5). */
async function postEncrypted(url: string, fields: Record<string, string>): Promise<ApiEnvelope> {
  const key = await loginKey();
  const data = await encryptLoginFields(fields, key);
  return request(url, { method: 'POST', withToken: false, data });
}

/** POST /api/external/login: phone, SMS code and password, all encrypted; token in rows.token. */
export async function supplierPasswordLogin(input: z.input<typeof supplierPasswordLoginBody>): Promise<string> {
  const { tel, msgCode, pwd } = input;
  return tokenFromRows(await postEncrypted('/api/external/login', { tel, msgCode, pwd }));
}

/** POST /api/external/tellogin: phone, SMS code and the uuid of the SMS request, plain. */
export async function supplierPhoneLogin(input: z.input<typeof supplierPhoneLoginBody>): Promise<string> {
  return tokenFromRows(await request('/api/external/tellogin', { method: 'POST', withToken: false, data: input }));
}

/** POST /api/employee/loginEmp: user name (trimmed), password and captcha, all encrypted; token in msg. */
export async function employeePasswordLogin(input: z.input<typeof employeeLoginBody>): Promise<string> {
  const { loginUid, loginPwd, code, uuid } = input;
  // Without captcha (switched off) neither the answer nor its uuid is sent.
  const captcha: Record<string, string> = code && uuid ? { code, uuid } : {};
  return (await postEncrypted('/api/employee/loginEmp', { loginUid: loginUid.trim(), loginPwd, ...captcha })).msg;
}

/** POST /api/employee/adminLoginTel: phone, SMS code and uuid, all encrypted; token in msg. */
export async function employeePhoneLogin(input: z.input<typeof employeePhoneLoginBody>): Promise<string> {
  const { loginTel, code, uuid } = input;
  return (await postEncrypted('/api/employee/adminLoginTel', { loginTel, code, uuid })).msg;
}

export type Captcha = WireOf<typeof captchaAnswer>;

/** GET /api/common/common/captcha?width=150 (no token, 20 s); `captchaEnabled` false hides the field. */
export async function fetchCaptcha(): Promise<Captcha> {
  const body = await request('/api/common/common/captcha', {
    params: { width: 150 },
    withToken: false,
    timeout: CAPTCHA_TIMEOUT_MS,
  });
  return readFields(body, { captchaEnabled: 'boolean', uuid: 'string?', img: 'string?' }, 'captcha');
}
