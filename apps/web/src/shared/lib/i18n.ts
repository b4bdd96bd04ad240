import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** English is the default; Simplified Chinese on request (DESIGN §3). */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'lang';

function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

/** `?lang=zh-CN` wins and is remembered; then the stored choice; then English. */
function initialLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromQuery)) {
    localStorage.setItem(STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
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

document.documentElement.lang = i18n.language;

export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Adds the text catalogues; called once by the app before anything renders. */
export function registerCatalogues(catalogues: Record<Language, object>): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', catalogues[language], true, true);
}
