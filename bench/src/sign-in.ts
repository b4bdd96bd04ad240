import { loadConfig } from '../../apps/server/src/config.ts';
import { createLoginCipher } from '../../apps/server/src/lib/login-cipher.ts';

/** The password every bench gives the administrator of its fresh database (ADMIN_INITIAL_PASSWORD). */
export const BENCH_ADMIN_PASSWORD = 'Bench@2026-admin';

/** Signs the administrator in on the server at `base` as the web app does; answers its token. */
export async function signInAdmin(base: string): Promise<string> {
  const cipher = createLoginCipher(loadConfig({}).loginAesKey);
  const res = await fetch(`${base}/api/employee/loginEmp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginUid: cipher.encrypt('admin'), loginPwd: cipher.encrypt(BENCH_ADMIN_PASSWORD) }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`sign-in: ${body.msg}`);
  return body.msg;
}
