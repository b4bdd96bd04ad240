import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isServerDrawn } from './server-drawn';

/** English is the default; Simplified Chinese on request (DESIGN §3). */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of a first render: `?lang=` wins, then the choice stored by the switch, then the
 * browser's preference (its languages in order: the first that is Chinese or English decides, any
 * Chinese reading Simplified Chinese), then English.
 */
export function chooseLanguage({
  query,
  stored,
  preferred,
}: {
  query: string | null;
  stored: string | null;
  preferred: readonly string[];
}): Language {
  if (isLanguage(query)) return query;
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/**
 * Where the server learns the visitor's choice: the server draws the public pages in the language
 * the browser will choose, so the stored choice is also a cookie (the server reads no storage).
 */
export const LANGUAGE_COOKIE = 'lang';

function rememberLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * `?lang=zh-CN` is remembered as the choice; the browser's preference is not (it may change). A
 * page the server drew (`data-ssr` on the root) keeps the language it was drawn in: the server chose
 * it by the same rules (the query, the cookie, then Accept-Language), and hydration needs the same.
 */
function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en';
  const query = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(query)) rememberLanguage(query);
  const drawn = isServerDrawn() ? document.documentElement.lang : null;
  if (isLanguage(drawn)) return drawn;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return chooseLanguage({ query, stored: localStorage.getItem(STORAGE_KEY), preferred });
}

/** A catalogue's shape with any text in place of the English one: what a translation must fill. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // The catalogues name texts of every feature, so the app adds them (registerCatalogues).
  resources: {},
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/**
 * Texts come in areas, each one catalogue per language: `public` (public and sign-in pages and the
 * shared code) and `backOffice` (the admin shell and its pages). An area is loaded for the current
 * language when something first needs it, and for the other language only when that is chosen, so
 * a visitor downloads the texts of the pages they open in the language they read.
 */
export type TextArea = 'public' | 'backOffice';
export type CatalogueLoader = () => Promise<object>;

let loaders: Record<TextArea, Record<Language, CatalogueLoader>> | null = null;
const loaded = new Map<string, Promise<void>>();
const wanted = new Set<TextArea>(['public']);

/** The app names where each catalogue comes from (most are dynamic imports); called once at start. */
export function registerCatalogues(next: Record<TextArea, Record<Language, CatalogueLoader>>): void {
  loaders = next;
}

function loadCatalogue(area: TextArea, language: Language): Promise<void> {
  const key = `${area}:${language}`;
  let promise = loaded.get(key);
  if (!promise) {
    if (!loaders) throw new Error('registerCatalogues must run before texts are loaded');
    promise = loaders[area][language]().then((catalogue) => {
      i18n.addResourceBundle(language, 'translation', catalogue, true, true);
    });
    // A failed download (network) may be tried again on the next need.
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}

/** Loads an area's texts in the current language (and keeps them loaded for a later switch). */
export function loadTexts(area: TextArea): Promise<void> {
  wanted.add(area);
  return loadCatalogue(area, currentLanguage());
}

/** Loads an area's texts in a language without switching to it: the server draws pages in either. */
export function loadTextsIn(area: TextArea, language: Language): Promise<void> {
  return loadCatalogue(area, language);
}

/** What else a language switch waits for (antd's own texts, once antd is in use: app/antd-scope.tsx). */
export type LanguagePreparer = (language: Language) => Promise<unknown> | undefined;
const preparers = new Set<LanguagePreparer>();

export function prepareLanguageWith(preparer: LanguagePreparer): void {
  preparers.add(preparer);
}

/**
 * Switches the language once its texts of every area in use are there; the promise settles when
 * the page speaks the new language (the switch shows a loading state meanwhile).
 */
export async function setLanguage(language: Language): Promise<void> {
  await Promise.all([
    ...[...wanted].map((area) => loadCatalogue(area, language)),
    ...[...preparers].map((prepare) => prepare(language)),
  ]);
  rememberLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
