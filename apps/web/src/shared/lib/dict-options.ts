import { useTranslation } from 'react-i18next';
import { dictLabel, useDict } from '@/shared/lib/dict';

/** A dictionary's entries as select options, labelled in the interface language. */
export function useDictOptions<N extends boolean = false>(type: string, numeric?: N) {
  const { i18n } = useTranslation();
  const dict = useDict(type);
  return {
    dict: dict.data,
    options: (dict.data ?? []).map((o) => ({
      value: (numeric ? Number(o.dictValue) : o.dictValue) as N extends true ? number : string,
      label: dictLabel(o, i18n.language),
    })),
  };
}
