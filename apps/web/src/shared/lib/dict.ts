import { dictEntry } from '@lvb/contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './request';

const dictList = z.array(dictEntry.extend({ dictLabelZh: z.string().optional() }));
/** A dictionary entry; the server may add the Chinese label as `dictLabelZh`. */
export type DictOption = z.infer<typeof dictList>[number];

/** GET /system/dict/data/type/{type} (no /api prefix): entries in `data`. */
export const dictQuery = (type: string) =>
  queryOptions({
    queryKey: ['dict', type],
    queryFn: async (): Promise<DictOption[]> =>
      dictList.parse((await request(`/system/dict/data/type/${encodeURIComponent(type)}`)).data ?? []),
    staleTime: 5 * 60_000,
  });

export function useDict(type: string) {
  return useQuery(dictQuery(type));
}

export function dictLabel(option: DictOption, language: string): string {
  return language === 'zh-CN' && option.dictLabelZh ? option.dictLabelZh : option.dictLabel;
}
