import { useRef } from 'react';

/**
 * One `Idempotency-Key` per intended action: kept while the same body is retried (a retry after a
 * lost answer gets the first answer rather than a second write), renewed once answered or when
 * the body changes.
 */
export function useIdempotencyKey() {
  const held = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body ?? null);
      if (held.current?.body !== text) held.current = { body: text, key: crypto.randomUUID() };
      return held.current.key;
    },
    answered(): void {
      held.current = null;
    },
  };
}
