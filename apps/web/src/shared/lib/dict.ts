import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnswerShapeError, readFields, type Fields } from './answer-shape';
import { request } from './request';

/** The fields of `dictEntry` (@lvb/contracts/identity); checked without zod, the hall shows them. */
const dictEntryFields = {
  dictLabel: 'string',
  dictLabelZh: 'string?',
  dictValue: 'string',
  listClass: 'string',
  cssClass: 'string',
  dictSort: 'number',
  isDefault: 'string',
} as const;
/** A dictionary entry; the server may add the Chinese label as `dictLabelZh`. */
export type DictOption = Fields<typeof dictEntryFields>;

function readDictList(data: unknown): DictOption[] {
  if (!Array.isArray(data)) throw new AnswerShapeError('dictionary');
  return data.map((entry) => readFields(entry, dictEntryFields, 'dictionary'));
}

/** GET /system/dict/data/type/{type} (no /api prefix): entries in `data`. */
export const dictQuery = (type: string) =>
  queryOptions({
    queryKey: ['dict', type],
    queryFn: async (): Promise<DictOption[]> =>
      readDictList((await request(`/system/dict/data/type/${encodeURIComponent(type)}`)).data ?? []),
    staleTime: 5 * 60_000,
  });

export function useDict(type: string) {
  return useQuery(dictQuery(type));
}

export function dictLabel(option: DictOption, language: string): string {
  return language === 'zh-CN' && option.dictLabelZh ? option.dictLabelZh : option.dictLabel;
}
