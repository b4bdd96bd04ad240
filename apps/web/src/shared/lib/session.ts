import { AccountType, DEFAULT_ROLE } from '@lvb/contracts/access';
import { queryOptions } from '@tanstack/react-query';
import type { MenuRoute, UserInfo } from '@lvb/contracts/identity';
import { createStore, useStore } from './create-store';
import { useHydrated } from './hydrated';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { i18n } from './i18n';
import { request, RequestError, type ApiEnvelope } from './request';
import { registerSessionEnd } from './session-expiry';
import { getToken, removeToken, setToken } from './token';

/**
 * Who is signed in (spec §3 "user state"): the token is in the cookie; user info, roles,
 * permissions and the menu tree are loaded once per page load by the route guard.
 */
export interface SessionState {
  user: UserInfo | null;
  roles: string[];
  permissions: string[];
  menus: MenuRoute[];
  /** Set to 1 by the back-office sign-in (spec §4). */
  loginFlag: 0 | 1;
}

const empty: SessionState = { user: null, roles: [], permissions: [], menus: [], loginFlag: 0 };
export const sessionStore = createStore<SessionState>(empty);

export function useSession(): SessionState {
  return useStore(sessionStore);
}

export function useCurrentUser(): UserInfo | null {
  return useStore(sessionStore, (state) => state.user);
}

export function isSignedIn(): boolean {
  return !!getToken();
}

/**
 * `isSignedIn` for rendering: a page the server drew shows the signed-out state (the server draws
 * for everyone alike), so hydration starts from that and React then renders the visitor's own.
 */
export function useSignedIn(): boolean {
  const hydrated = useHydrated();
  return hydrated && isSignedIn();
}

export function startSession(token: string, options: { employee?: boolean } = {}): void {
  setToken(token);
  sessionStore.set({ ...empty, loginFlag: options.employee ? 1 : 0 });
}

async function fetchMenus(user: UserInfo): Promise<MenuRoute[]> {
  // Spec §4: the menu is asked for twice, plain and then for the login type and user; the second
  // answer is the one the routes are built from.
  const plain = await request('/api/system/menu/menu', { quiet: true, sessionDialog: false });
  const scoped = await request('/api/system/menu/menu', {
    params: { loginType: user.types, userId: user.empId },
    quiet: true,
    sessionDialog: false,
  });
  const rows = Array.isArray(scoped.rows) ? scoped.rows : plain.rows;
  return Array.isArray(rows) ? (rows as MenuRoute[]) : [];
}

/**
 * The user of an answer, checked with the contracts' schema. The schema (and zod) is fetched only
 * with a token, so a visitor's public pages never download it.
 */
async function readUser(body: ApiEnvelope): Promise<UserInfo> {
  // A failed download counts as a network failure: it keeps the token for the next try.
  const { userInfo } = await import('@lvb/contracts/identity').catch(() => {
    throw new RequestError(i18n.t('request.network'), 0);
  });
  return userInfo.parse((body.rows as { user?: unknown } | undefined)?.user);
}

/** Loads user info and menus into the store; throws a RequestError when either call fails. */
export async function loadSession(): Promise<SessionState> {
  const body = await request('/api/user/info', { quiet: true, sessionDialog: false });
  const user = await readUser(body);
  const menus = await fetchMenus(user);
  const next: SessionState = {
    user,
    roles: user.roles.length > 0 ? user.roles : [DEFAULT_ROLE],
    permissions: user.permissions,
    menus,
    loginFlag: sessionStore.get().loginFlag,
  };
  sessionStore.set(next);
  return next;
}

/** Re-reads user info after a change that affects it (company completed, profile edited). */
export async function refreshUser(): Promise<UserInfo> {
  const body = await request('/api/user/info', { quiet: true });
  const user = await readUser(body);
  sessionStore.set((state) => ({ ...state, user }));
  return user;
}

/** Fresh user info for pages that show it; keeps the session store in step. */
export const currentUserQuery = queryOptions({ queryKey: ['user-info'], queryFn: refreshUser, staleTime: 0 });

/** Forgets the session locally (spec §4: token, employee id, roles and permissions). */
export function clearSession(): void {
  removeToken();
  sessionStore.set(empty);
  queryClient.clear();
}

/** Revokes the token on the server when it is still valid, then forgets it locally. */
export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      await request('/api/logout', { method: 'POST', quiet: true, sessionDialog: false, repeatSubmit: false });
    } catch {
      // An expired or unknown token is already as good as revoked.
    }
  }
  clearSession();
}

/** Sign-in page for this account kind: employees use /adminlogin, suppliers /login (spec §4). */
export function signInPathFor(user: UserInfo | null): string {
  return user?.types === AccountType.employee ? '/adminlogin' : '/login';
}

registerSessionEnd(async () => {
  const target = signInPathFor(sessionStore.get().user);
  await logout();
  navigateTo(target, { replace: true });
});
