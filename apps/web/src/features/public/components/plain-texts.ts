import { useTranslation } from 'react-i18next';

/**
 * The few texts that antd's locale gave the hall's controls (pager, clear button). They stay with
 * the plain controls, so a plain page needs neither antd's locale nor a catalogue change.
 */
const texts = {
  en: {
    clear: 'Clear',
    pagination: 'Pages',
    prevPage: 'Previous page',
    nextPage: 'Next page',
    prevPages: 'Previous {{count}} pages',
    nextPages: 'Next {{count}} pages',
    perPage: '{{count}} / page',
    pageSize: 'Page size',
    jumpTo: 'Go to',
    page: 'Page',
  },
  'zh-CN': {
    clear: '清除',
    pagination: '分页',
    prevPage: '上一页',
    nextPage: '下一页',
    prevPages: '向前 {{count}} 页',
    nextPages: '向后 {{count}} 页',
    perPage: '{{count}} 条/页',
    pageSize: '每页条数',
    jumpTo: '跳至',
    page: '页',
  },
} as const;

export type PlainTexts = { [K in keyof (typeof texts)['en']]: string };

/** The plain controls' texts in the interface language; `{{count}}` is filled by `fill`. */
export function usePlainTexts(): PlainTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'zh-CN' ? texts['zh-CN'] : texts.en;
}

export const fill = (text: string, count: number) => text.replace('{{count}}', String(count));

/** antd writes a two-character Chinese button label with a space between them (重 置): kept. */
export const buttonText = (label: string) => (/^[\u4e00-\u9fa5]{2}$/.test(label) ? label.split('').join(' ') : label);
