import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { publicEn } from '@/locales/public/en';
import { loadTexts, registerCatalogues, type Language } from '@/shared/lib/i18n';

/** antd's own texts (pagination, pickers, empty states) per language; Chinese arrives with its catalogue. */
export const antdLocales: Partial<Record<Language, Locale>> = { en: enUS };

/**
 * English public texts ship with the app; Chinese and the back office's texts are separate files
 * fetched when needed (shared/lib/i18n.ts).
 */
registerCatalogues({
  public: {
    en: async () => publicEn,
    'zh-CN': async () => {
      const [{ publicZhCN }, antd] = await Promise.all([import('@/locales/public/zh-CN'), import('antd/locale/zh_CN')]);
      antdLocales['zh-CN'] = antd.default;
      return publicZhCN;
    },
  },
  backOffice: {
    en: async () => (await import('@/locales/back-office/en')).backOfficeEn,
    'zh-CN': async () => (await import('@/locales/back-office/zh-CN')).backOfficeZhCN,
  },
});

/** Resolves when the public texts of the chosen language are there: the app renders after it. */
export const publicTextsReady = loadTexts('public');
