import { TOKEN_COOKIE } from '@lvb/contracts/limits';
import Cookies from 'js-cookie';

/** The session token lives in the `Admin-Token` cookie (spec §3); it is sent as a bearer header. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax', path: '/' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
