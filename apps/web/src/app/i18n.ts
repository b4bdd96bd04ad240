import { publicEn } from '@/locales/public/en';
import { loadTexts, registerCatalogues } from '@/shared/lib/i18n';

/**
 * English public texts ship with the app; Chinese and the back office's texts are separate files
 * fetched when needed (shared/lib/i18n.ts). antd's own texts come with antd (app/antd-scope-loader.tsx).
 */
registerCatalogues({
  public: {
    en: async () => publicEn,
    'zh-CN': async () => (await import('@/locales/public/zh-CN')).publicZhCN,
  },
  backOffice: {
    en: async () => (await import('@/locales/back-office/en')).backOfficeEn,
    'zh-CN': async () => (await import('@/locales/back-office/zh-CN')).backOfficeZhCN,
  },
});

/** Resolves when the public texts of the chosen language are there: the app renders after it. */
export const publicTextsReady = loadTexts('public');
