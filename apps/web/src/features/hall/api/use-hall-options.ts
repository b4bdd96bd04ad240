import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from '@/components/label-tree-select';
import { localName } from '@/features/projects/lib/format';
import { hallOptionsQuery, type PlaceNode } from './hall';

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
