import type { TFunction } from 'i18next';

/**
 * A title that can be shown in either language: an i18n key for the app's own pages, or the
 * English and Chinese texts the server sends with a menu entry (`meta.title`, `meta.titleZh`).
 */
export interface LocalTitle {
  key?: string;
  en?: string;
  zh?: string;
}

export function titleText(title: LocalTitle, t: TFunction, language: string): string {
  if (title.key) return t(title.key);
  if (language === 'zh-CN' && title.zh) return title.zh;
  return title.en ?? title.zh ?? '';
}
