import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False while React draws a page on the server or hydrates what the server drew, true from then on:
 * what only this browser knows (the signed-in user) shows after hydration, so that hydration starts
 * from what the server drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
