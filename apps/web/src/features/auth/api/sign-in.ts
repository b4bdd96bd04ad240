import { CAPTCHA_TIMEOUT_MS } from '@lvb/contracts/limits';
import { encryptLoginField } from '@/shared/lib/login-cipher';
import { request, type ApiEnvelope } from '@/shared/lib/request';
import { loginKey } from '@/shared/lib/site-info';

/** Sign-in calls of docs/api-identity.md; each resolves to the session token. */

function tokenFromRows(body: ApiEnvelope): string {
  const token = (body.rows as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || !token) throw new Error('The sign-in answer carried no token.');
  return token;
}

/** POST /api/external/login: phone, SMS code and password, all encrypted; token in rows.token. */
export async function supplierPasswordLogin(input: { tel: string; msgCode: string; pwd: string }): Promise<string> {
  const key = await loginKey();
  const body = await request('/api/external/login', {
    method: 'POST',
    withToken: false,
    data: {
      tel: encryptLoginField(input.tel, key),
      msgCode: encryptLoginField(input.msgCode, key),
      pwd: encryptLoginField(input.pwd, key),
    },
  });
  return tokenFromRows(body);
}

/** POST /api/external/tellogin: phone, SMS code and the uuid of the SMS request, plain. */
export async function supplierPhoneLogin(input: { tel: string; msgCode: string; uuid: string }): Promise<string> {
  return tokenFromRows(await request('/api/external/tellogin', { method: 'POST', withToken: false, data: input }));
}

/** POST /api/employee/loginEmp: user name (trimmed), password and captcha, all encrypted; token in msg. */
export async function employeePasswordLogin(input: {
  loginUid: string;
  loginPwd: string;
  code?: string;
  uuid?: string;
}): Promise<string> {
  const key = await loginKey();
  const data: Record<string, string> = {
    loginUid: encryptLoginField(input.loginUid.trim(), key),
    loginPwd: encryptLoginField(input.loginPwd, key),
  };
  if (input.code && input.uuid) {
    data.code = encryptLoginField(input.code, key);
    data.uuid = encryptLoginField(input.uuid, key);
  }
  const body = await request('/api/employee/loginEmp', { method: 'POST', withToken: false, data });
  return body.msg;
}

/** POST /api/employee/adminLoginTel: phone, SMS code and uuid, all encrypted; token in msg. */
export async function employeePhoneLogin(input: { loginTel: string; code: string; uuid: string }): Promise<string> {
  const key = await loginKey();
  const body = await request('/api/employee/adminLoginTel', {
    method: 'POST',
    withToken: false,
    data: {
      loginTel: encryptLoginField(input.loginTel, key),
      code: encryptLoginField(input.code, key),
      uuid: encryptLoginField(input.uuid, key),
    },
  });
  return body.msg;
}

export interface Captcha {
  captchaEnabled: boolean;
  uuid?: string;
  img?: string;
}

/** GET /api/common/common/captcha?width=150 (no token, 20 s); `captchaEnabled` false hides the field. */
export async function fetchCaptcha(): Promise<Captcha> {
  const body = await request('/api/common/common/captcha', {
    params: { width: 150 },
    withToken: false,
    timeout: CAPTCHA_TIMEOUT_MS,
  });
  return {
    captchaEnabled: body.captchaEnabled !== false,
    uuid: typeof body.uuid === 'string' ? body.uuid : undefined,
    img: typeof body.img === 'string' ? body.img : undefined,
  };
}
