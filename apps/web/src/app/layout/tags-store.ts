import { paths } from '@/shared/config/paths';
import { createStore, useStore } from '@/shared/lib/create-store';
import type { LocalTitle } from '@/shared/lib/local-title';

/**
 * Tabs of visited views (spec §2). They are kept in session storage so a reload keeps them
 * (RuoYi lost them); fixed (affix) tabs cannot be closed.
 */
export interface TagView {
  /** Path with query string: two queries of one page are two tabs. */
  fullPath: string;
  path: string;
  title: LocalTitle;
  affix: boolean;
}

const STORAGE_KEY = 'tags-view';
export const HOME_TAG: TagView = {
  fullPath: paths.adminIndex,
  path: paths.adminIndex,
  title: { key: 'nav.home' },
  affix: true,
};

function read(): TagView[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as TagView[];
    const valid = Array.isArray(stored) ? stored.filter((tag) => typeof tag?.fullPath === 'string' && tag.title) : [];
    return valid.some((tag) => tag.path === HOME_TAG.path) ? valid : [HOME_TAG, ...valid];
  } catch {
    return [HOME_TAG];
  }
}

export const tagsStore = createStore<TagView[]>(read());
tagsStore.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tagsStore.get())));

export function useTags(): TagView[] {
  return useStore(tagsStore);
}

export function addTag(view: TagView): void {
  tagsStore.set((tags) => {
    // A fixed tab is one tab whatever its query string.
    const index = tags.findIndex(
      (tag) => tag.fullPath === view.fullPath || (view.affix && tag.affix && tag.path === view.path),
    );
    if (index === -1) {
      // Fixed tabs stay in front of the others.
      return view.affix ? [...tags.filter((t) => t.affix), view, ...tags.filter((t) => !t.affix)] : [...tags, view];
    }
    const current = tags[index]!;
    const next = current.affix ? { ...view, fullPath: current.fullPath } : view;
    if (JSON.stringify(current) === JSON.stringify(next)) return tags;
    return tags.map((tag, i) => (i === index ? next : tag));
  });
}

/** Each close operation answers the tabs left, so the caller can pick where to go. */
export function closeTag(fullPath: string): TagView[] {
  tagsStore.set((tags) => tags.filter((tag) => tag.affix || tag.fullPath !== fullPath));
  return tagsStore.get();
}

export function closeOtherTags(fullPath: string): TagView[] {
  tagsStore.set((tags) => tags.filter((tag) => tag.affix || tag.fullPath === fullPath));
  return tagsStore.get();
}

export function closeTagsBeside(fullPath: string, side: 'left' | 'right'): TagView[] {
  tagsStore.set((tags) => {
    const index = tags.findIndex((tag) => tag.fullPath === fullPath);
    if (index === -1) return tags;
    return tags.filter((tag, i) => tag.affix || (side === 'left' ? i >= index : i <= index));
  });
  return tagsStore.get();
}

export function closeAllTags(): TagView[] {
  tagsStore.set((tags) => tags.filter((tag) => tag.affix));
  return tagsStore.get();
}

export function resetTags(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  tagsStore.set([HOME_TAG]);
}
