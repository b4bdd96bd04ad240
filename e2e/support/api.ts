import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { createCipheriv } from 'node:crypto';

/** API helpers: sign in without the UI (reading SMS codes from the dev outbox) and set the cookie. */

export const ADMIN = { loginUid: 'admin', password: 'Admin@2026' };
export const DEMO_PASSWORD = 'Demo@2026';
export const SUPPLIER_COMPLETE = '13900000002';
export const SUPPLIER_INCOMPLETE = '13900000003';
export const SUPPLIER_UI_LOGIN = '13900000001';
export const OWNER_PHONE = '13800000001';
export const SMS_WINDOW_MS = 61_000;

const here = path.dirname(fileURLToPath(import.meta.url));
export const STATE_FILE = path.join(here, '..', '..', 'test-results', 'e2e-state.json');

export function baseURL(): string {
  return process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 18080}`;
}

export async function apiContext(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseURL() });
}

interface SharedState {
  tokens: Record<string, string>;
  loginKey: string;
}

export function readState(): SharedState {
  if (!existsSync(STATE_FILE)) return { tokens: {}, loginKey: '' };
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as SharedState;
}

export function writeState(state: SharedState): void {
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export async function loginKey(api: APIRequestContext): Promise<string> {
  const body = await (await api.get('/api/common/site-info')).json();
  return body.data.loginKey as string;
}

/** AES-128-ECB/PKCS7, base64: the login-field cipher of DESIGN §5. */
export function encrypt(value: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]).toString('base64');
}

interface OutboxRow {
  tel: string;
  content: string;
  createdAt: string;
}

export async function outbox(api: APIRequestContext, tel: string): Promise<OutboxRow[]> {
  const body = await (await api.get(`/api/dev/sms-outbox?tel=${tel}`)).json();
  return (body.rows ?? []) as OutboxRow[];
}

/**
 * The verification codes among the phone's messages, newest first. The outbox holds every text the
 * platform sends, the bidders' news of openings and results too; a code reads "… code is 123456".
 */
async function codeMessages(api: APIRequestContext, tel: string): Promise<{ code: string; createdAt: string }[]> {
  return (await outbox(api, tel)).flatMap((row) => {
    const code = /\bcode is (\d{6})\b/.exec(row.content)?.[1];
    return code ? [{ code, createdAt: row.createdAt }] : [];
  });
}

/** How many codes the phone has received: a test notes it before asking for a new one. */
export async function smsCodeCount(api: APIRequestContext, tel: string): Promise<number> {
  return (await codeMessages(api, tel)).length;
}

/** The code that arrives after the phone had `before` codes (polled: the page's request may still be on its way). */
export async function nextSmsCode(api: APIRequestContext, tel: string, before: number): Promise<string> {
  await expect.poll(() => smsCodeCount(api, tel), { message: `a new SMS code for ${tel}` }).toBeGreaterThan(before);
  return latestSmsCode(api, tel);
}

/** Newest code sent to the phone (the outbox lists newest first). */
export async function latestSmsCode(api: APIRequestContext, tel: string): Promise<string> {
  const code = (await codeMessages(api, tel))[0]?.code;
  if (!code) throw new Error(`no SMS code in the outbox for ${tel}`);
  return code;
}

/** Waits until the phone may receive another code (one code per phone per 60 s; other texts do not count). */
export async function waitForSmsWindow(api: APIRequestContext, tel: string): Promise<void> {
  const newest = (await codeMessages(api, tel))[0];
  if (!newest) return;
  const wait = new Date(newest.createdAt).getTime() + SMS_WINDOW_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export async function sendSmsCode(
  api: APIRequestContext,
  tel: string,
  purpose: 'login' | 'register' | 'reset',
): Promise<string> {
  await waitForSmsWindow(api, tel);
  const body = await (await api.get(`/api/common/common/code?tel=${tel}&purpose=${purpose}`)).json();
  if (body.code !== 200) throw new Error(`code request for ${tel} refused: ${body.msg}`);
  return body.uuid as string;
}

export async function employeeToken(
  api: APIRequestContext,
  loginUid = ADMIN.loginUid,
  password = ADMIN.password,
): Promise<string> {
  const key = await loginKey(api);
  const body = await (
    await api.post('/api/employee/loginEmp', {
      data: { loginUid: encrypt(loginUid, key), loginPwd: encrypt(password, key) },
    })
  ).json();
  if (body.code !== 200) throw new Error(`employee sign-in refused: ${body.msg}`);
  return body.msg as string;
}

export async function supplierPhoneToken(api: APIRequestContext, tel: string): Promise<string> {
  const uuid = await sendSmsCode(api, tel, 'login');
  const msgCode = await latestSmsCode(api, tel);
  const body = await (await api.post('/api/external/tellogin', { data: { tel, msgCode, uuid } })).json();
  if (body.code !== 200) throw new Error(`supplier sign-in refused: ${body.msg}`);
  return body.rows.token as string;
}

export async function revoke(api: APIRequestContext, token: string): Promise<void> {
  await api.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
}

/** Token signed in by the global setup (suppliers cost an SMS, so they are signed in once). */
export function sharedToken(name: string): string {
  const token = readState().tokens[name];
  if (!token) throw new Error(`global setup did not sign in ${name}`);
  return token;
}

export async function useToken(context: BrowserContext, token: string): Promise<void> {
  const url = new URL(baseURL());
  await context.addCookies([{ name: 'Admin-Token', value: token, domain: url.hostname, path: '/', sameSite: 'Lax' }]);
}

/** Opens a page signed in with `token`, skipping the sign-in UI. */
export async function openSignedIn(page: Page, token: string, path = '/adminindex'): Promise<void> {
  await useToken(page.context(), token);
  await page.goto(path);
}

export function freshPhone(prefix = '137'): string {
  return prefix + String(Date.now()).slice(-8);
}
