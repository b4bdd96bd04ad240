/**
 * The part of React Router's API that the public pages use (links, the address, its query), for the
 * light client (./main.tsx), which the build gives this module in place of `react-router`
 * (vite.config.ts). It moves inside the public pages without a reload, as the app does; any other
 * address (sign-in, the back office) is a page load, which brings the app.
 */
import {
  createContext,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { basePath } from '@/shared/lib/navigation';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * How the light client moves to an address inside the app: it loads the page's code, then calls
 * `commit` to show it. False: not one of its pages (the browser loads the address).
 */
export type PageLoader = (pathname: string) => Promise<boolean>;

/** A move to an address that is not one of the pages: the browser loads it. */
export type Leave = (href: string, options: { replace: boolean }) => void;

const loadAddress: Leave = (href, { replace }) =>
  replace ? window.location.replace(href) : window.location.assign(href);

let loadPage: PageLoader = async () => false;
let leave: Leave = loadAddress;
let following = false;
let sequence = 0;
const listeners = new Set<() => void>();

function readLocation(state: unknown = window.history.state?.usr): Location {
  const base = basePath();
  const { pathname, search, hash } = window.location;
  const inApp = base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  sequence += 1;
  return { pathname: inApp, search, hash, state, key: `l${sequence}` };
}

let current: Location | null = null;
const location = (): Location => (current ??= readLocation());

/** The address now, inside the app (without the base path). */
export const locationNow = location;

function publish(next: Location): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/**
 * Reads the address and follows the browser's back and forward buttons from then on. `loadPage`
 * tells which addresses are pages (loading their code); `leave` loads any other address.
 */
export function startLightRouter(options: { loadPage: PageLoader; leave?: Leave }): void {
  loadPage = options.loadPage;
  leave = options.leave ?? loadAddress;
  current = readLocation();
  if (following) return;
  following = true;
  window.addEventListener('popstate', () => {
    const next = readLocation();
    void loadPage(next.pathname).then((ours) => {
      if (ours) publish(readLocation());
      else window.location.reload();
    });
  });
}

/** `to` against the current address, as React Router resolves absolute paths and query-only moves. */
function resolve(to: To): { pathname: string; search: string; hash: string } {
  if (typeof to === 'string') {
    const url = new URL(to, `http://x${location().pathname}${location().search}`);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }
  return {
    pathname: to.pathname ?? location().pathname,
    search: to.search ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '',
    hash: to.hash ?? '',
  };
}

const hrefOf = (to: To) => {
  const { pathname, search, hash } = resolve(to);
  return `${basePath()}${pathname}${search}${hash}`;
};

async function navigate(to: To, options: NavigateOptions = {}): Promise<void> {
  const target = resolve(to);
  const href = hrefOf(to);
  if (!(await loadPage(target.pathname))) {
    leave(href, { replace: !!options.replace });
    return;
  }
  const samePage = target.pathname === location().pathname;
  const record = { usr: options.state, key: `l${sequence + 1}` };
  if (options.replace) window.history.replaceState(record, '', href);
  else window.history.pushState(record, '', href);
  publish(readLocation(options.state));
  // A new page starts at its top, as a page load would; a new query on the same page stays put.
  if (!samePage) window.scrollTo(0, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, location, location);
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  return (to, options) => {
    if (typeof to === 'number') window.history.go(to);
    else void navigate(to, options);
  };
}

type SearchInit = URLSearchParams | string | Record<string, string | string[]>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const init = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
    const query = new URLSearchParams(
      init instanceof URLSearchParams || typeof init === 'string'
        ? init
        : Object.entries(init).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((value) => [k, value])),
    ).toString();
    void navigate({ search: query }, options);
  };
  return [params, set];
}

/** The public pages take nothing from the path: their ids are in the query. */
export function useParams(): Record<string, string | undefined> {
  return {};
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  children?: ReactNode;
};

/** A plain click moves inside the app; with a modifier, another button or a target, the browser's way. */
function followsInApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({ to, replace, state, reloadDocument, onClick, target, children, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={hrefOf(to)}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (reloadDocument || !followsInApp(event, target)) return;
        event.preventDefault();
        void navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A link that knows it leads to the page shown: class `active` and aria-current, as React Router's. */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = resolve(rest.to).pathname;
  const isActive = pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ');
  return <Link {...rest} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />;
}

/** What the layout shows where its page goes: the page of the address (./main.tsx provides it). */
export const OutletContent = createContext<ReactNode>(null);

export function Outlet() {
  return <>{useContext(OutletContent)}</>;
}
