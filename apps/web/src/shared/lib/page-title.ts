import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { createStore, useStore } from './create-store';

/**
 * A page's own title in place of its route's (a project's or an announcement's name): the browser
 * tab shows what the server wrote in the drawn page's `<title>` (src/server/page-head.ts).
 */
const ownTitle = createStore<string | null>(null);

/** Names the page while it is shown; nothing (still loading) keeps the route's title. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    ownTitle.set(title);
    return () => ownTitle.set((current) => (current === title ? null : current));
  }, [title]);
}

export function useOwnPageTitle(): string | null {
  return useStore(ownTitle);
}

/**
 * The browser's title while a page is shown (spec §9): the page, then the app's short name; with
 * dynamic title on, the page, then the system's full name; the system's name for a page without one.
 */
export function documentTitle(page: string, t: TFunction, dynamicTitle: boolean): string {
  const system = t('app.systemName');
  if (!page) return system;
  return dynamicTitle ? `${page} - ${system}` : tabTitle(page, t);
}

/** The browser tab's title of a page: the page, then the app's short name. */
export function tabTitle(page: string, t: TFunction): string {
  return `${page} | ${t('app.shortName')}`;
}
