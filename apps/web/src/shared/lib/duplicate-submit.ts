import { DUPLICATE_SUBMIT_WINDOW_MS } from '@lvb/contracts/limits';

/**
 * Duplicate-submit guard (spec §5). Each request key (method, URL and body) has its own record,
 * unlike RuoYi's single shared sessionStorage entry that let two different requests cancel each
 * other. A key is refused while an identical request is still in flight, or when one started less
 * than the window ago.
 */
const inFlight = new Map<string, number>();
const lastStarted = new Map<string, number>();

export function submitKey(method: string, url: string, body: unknown): string | null {
  // Multipart bodies (uploads) carry files whose identity cannot be compared cheaply.
  if (body instanceof FormData || body instanceof Blob) return null;
  return `${method.toUpperCase()} ${url} ${typeof body === 'string' ? body : JSON.stringify(body ?? null)}`;
}

/** Returns a release function, or null when the request duplicates one under way. */
export function claimSubmit(key: string, now = performance.now()): (() => void) | null {
  const started = lastStarted.get(key);
  if ((inFlight.get(key) ?? 0) > 0 || (started !== undefined && now - started < DUPLICATE_SUBMIT_WINDOW_MS)) {
    return null;
  }
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  lastStarted.set(key, now);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left <= 0) inFlight.delete(key);
    else inFlight.set(key, left);
    setTimeout(() => {
      if (!inFlight.has(key)) lastStarted.delete(key);
    }, DUPLICATE_SUBMIT_WINDOW_MS + 1);
  };
}
