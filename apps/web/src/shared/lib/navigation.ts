/**
 * Lets non-component code (the session-expired dialog, downloads) move the router without
 * importing it. The router registers itself at start-up; before that a full load honours the
 * base path, unlike RuoYi's `location.href = '/index'`.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function registerNavigator(next: Navigate): void {
  navigator = next;
}

export function basePath(): string {
  return import.meta.env.BASE_URL.replace(/\/$/, '');
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(basePath() + to);
}

/** Full reload of an app path, used after sign-out so every cached query and route is dropped. */
export function reloadAt(to: string): void {
  window.location.assign(basePath() + to);
}
