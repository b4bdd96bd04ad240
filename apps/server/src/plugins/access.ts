import { AccountType, hasAnyPermission, hasPermission } from '@lvb/contracts/access';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { text } from '../i18n/text.ts';
import { forbidden, refused, sessionMissing } from '../lib/errors.ts';
import type { SessionService, SignedInUser } from '../modules/sessions/sessions.service.ts';

/**
 * What a route requires. Every route declares one, or the server refuses to start:
 * - `{ public: true }` anyone, signed in or not;
 * - `{ signedIn: true }` any signed-in user (their own data only: the handler scopes it);
 * - `{ permission }` a signed-in user holding that permission string (or any of a list: pages
 *   that share one call, e.g. system/user and manager/auser).
 * Company users (suppliers) are refused every write until their company record is complete,
 * unless the route says `incompleteCompanyAllowed` (the calls that complete the record).
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true; incompleteCompanyAllowed?: boolean }
  | { permission: string | string[]; incompleteCompanyAllowed?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SignedInUser | null;
  }
}

/** Routes that plugins register (API docs, the web app's files) and that are public by nature. */
const INFRASTRUCTURE_ROUTES = [/^\/api\/docs(\/|$)/, /^\/\*$/, /^\/assets\/\*$/];

export interface RouteRecord {
  method: string;
  url: string;
  access: string;
}

/** Every route with its access, filled at start-up; the public-route test reads it. */
export const routeRegistry: RouteRecord[] = [];

/** The permission rule lives in contracts, shared with the web; kept here for existing imports. */
export { hasPermission };

function describe(access: RouteAccess): string {
  if ('public' in access) return 'public';
  if ('signedIn' in access) return 'signedIn';
  return `permission:${[access.permission].flat().join('|')}`;
}

export const accessPlugin = fp<{ sessions: SessionService }>(async (app: FastifyInstance, { sessions }) => {
  app.decorateRequest('user', null);
  // Other instances' changes to accounts, roles and sessions reach this one's signed-in user cache;
  // without the channel that cache is bounded by its few seconds only.
  app.addHook('onReady', async () => {
    await sessions.listen().catch((err: unknown) => app.log.warn({ err }, 'identity change channel unavailable'));
  });
  app.addHook('onClose', () => sessions.close());

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = [route.method].flat().join(',');
    if (!access) {
      if (INFRASTRUCTURE_ROUTES.some((re) => re.test(route.url))) {
        routeRegistry.push({ method: methods, url: route.url, access: 'public' });
        return;
      }
      throw new Error(`Route ${methods} ${route.url} declares neither a permission nor a public marker`);
    }
    routeRegistry.push({ method: methods, url: route.url, access: describe(access) });
    // A public route has nothing to check: no hook at all, so its many readers pay nothing here.
    if ('public' in access) return;
    const guard = async (request: FastifyRequest) => {
      const user = await sessions.authenticate(request.headers.authorization, request.ip);
      if (!user) throw sessionMissing();
      request.user = user;
      if ('permission' in access && !hasAnyPermission(user, [access.permission].flat())) {
        throw forbidden();
      }
      const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
      if (isWrite && user.types === AccountType.supplier && user.fix === 0 && !access.incompleteCompanyAllowed) {
        throw refused(
          text(
            'your company record is incomplete: fill in the registration number, contact phone, bank and account first',
            '企业信息不完整，请先填写工商注册号、联系电话、开户银行和银行账号',
          ),
        );
      }
    };
    // Authorization runs as the request arrives, after the rate limit and before the body is
    // parsed or validated: a caller without the right learns nothing about the input it expects.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, guard];
  });
});
