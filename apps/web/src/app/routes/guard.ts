import { ResultCode, SESSION_CODES } from '@lvb/contracts/errors';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { isPublicPath, paths } from '@/shared/config/paths';
import { i18n } from '@/shared/lib/i18n';
import { basePath } from '@/shared/lib/navigation';
import { feedback } from '@/shared/lib/notify';
import { RequestError } from '@/shared/lib/request';
import { clearSession, loadSession, sessionStore } from '@/shared/lib/session';
import { getToken } from '@/shared/lib/token';
import { isBackOfficePath } from './back-office-paths';

/** Pages a supplier with an incomplete company may still open (spec §2: fix 0 forces /company/edit). */
const FIX_EXEMPT = new Set<string>([paths.companyEdit, paths.unauthorized, paths.notFound]);

function appPath(pathname: string): string {
  const base = basePath();
  const inner = base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  return inner.length > 1 ? inner.replace(/\/+$/, '') : inner;
}

/**
 * Runs before every navigation (spec §2 "Behaviour of navigation"): visitors without a token may
 * only open public pages, a back-office page sends them to sign in and any other path is a 404
 * (the root's error page shows it); a signed-in user is loaded once (user info, then the menu twice), sent
 * away from /adminlogin, and kept on /company/edit while the company record is incomplete.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = appPath(url.pathname);

  if (!getToken()) {
    if (isPublicPath(path)) return null;
    if (!isBackOfficePath(path)) throw data('Not Found', { status: 404 });
    throw redirect(`${paths.adminLogin}?redirect=${encodeURIComponent(path + url.search)}`);
  }
  if (path === paths.adminLogin) throw redirect(paths.home);

  if (!sessionStore.get().user) {
    try {
      await loadSession();
    } catch (error) {
      // Only a refused session is ended. A network failure (code 0, also a page unloading
      // mid-call) or a busy server keeps the token, so the next navigation can try again.
      const refused =
        error instanceof RequestError && (SESSION_CODES.includes(error.code) || error.code === ResultCode.unauthorized);
      if (refused || !(error instanceof RequestError)) clearSession();
      const text = error instanceof RequestError ? error.message : i18n.t('layout.sessionLoadFailed');
      feedback().message.error(text);
      if (path === paths.home) return null;
      throw redirect(paths.home);
    }
  }

  if (sessionStore.get().user?.fix === 0 && !FIX_EXEMPT.has(path)) throw redirect(paths.companyEdit);
  return null;
}
