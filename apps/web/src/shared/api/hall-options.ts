import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from '@/shared/components/label-tree-select';
import { localName } from '@/shared/lib/format';
import { request } from '@/shared/lib/request';
import type { hallOptions } from '@lvb/contracts/reference';
import type { WireOf } from '@lvb/contracts/wire';

/** Project types, sub-categories and places as the hall and the project forms offer them. */
export type HallOptions = WireOf<typeof hallOptions>;
/** The contracts' schema leaves the place tree's children untyped; they are places again. */
type PlaceNode = Omit<HallOptions['places'][number], 'children'> & { children?: PlaceNode[] };

export const hallOptionsQuery = queryOptions({
  queryKey: ['hall', 'options'],
  queryFn: async (): Promise<HallOptions> =>
    (await request('/api/hall/options', { withToken: false })).data as HallOptions,
  staleTime: 5 * 60_000,
});

function placeTree(nodes: PlaceNode[], language: string): TreeOption[] {
  return nodes.map((n) => ({
    id: n.id,
    label: localName(language, n.label, n.labelZh),
    children: n.children?.length ? placeTree(n.children, language) : undefined,
  }));
}

/** Types, sub-categories and the place tree, with labels in the interface language. */
export function useHallOptions() {
  const { i18n } = useTranslation();
  const query = useQuery(hallOptionsQuery);
  const language = i18n.language;
  const data = query.data;
  return useMemo(
    () => ({
      query,
      types: (data?.types ?? []).map((t) => ({ ...t, label: localName(language, t.name, t.nameZh) })),
      subCategories: (data?.subCategories ?? []).map((s) => ({ ...s, label: localName(language, s.name, s.nameZh) })),
      places: placeTree(data?.places ?? [], language),
    }),
    [query, data, language],
  );
}
