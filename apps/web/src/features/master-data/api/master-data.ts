import type { namedRow, placeRow, processSettingRow, projectTypeRow, subCategoryRow } from '@lvb/contracts/reference';
import type { WireOf } from '@lvb/contracts/wire';
import { useTranslation } from 'react-i18next';
import { useData } from '@/shared/lib/list';

/** Master-data calls (manager/itemtype, subcate, itemplace, departcate, itemprocess). */

export const URLS = {
  types: '/api/basic/types',
  subcategories: '/api/basic/subcategories',
  places: '/api/basic/places',
  departCategories: '/api/basic/depart-categories',
  processSettings: '/api/basic/process-settings',
} as const;

/** Fields every named master-data row has (names in both languages). */
export type NamedRow = WireOf<typeof namedRow>;
/** A project type; its value limit is in yuan. */
export type TypeRow = WireOf<typeof projectTypeRow>;
export type SubCategoryRow = WireOf<typeof subCategoryRow>;
export type PlaceRow = WireOf<typeof placeRow>;
export type ProcessRow = WireOf<typeof processSettingRow>;

/** The name in the interface language (the English one when no Chinese name is set). */
export function localName(row: { name: string; nameZh?: string | null } | undefined, language: string): string {
  if (!row) return '';
  return language === 'zh-CN' && row.nameZh ? row.nameZh : row.name;
}

/** Every project type as picker options, and a type id's name, in the interface language. */
export function useTypeOptions() {
  const { i18n } = useTranslation();
  const types = useData<TypeRow[]>(URLS.types);
  const options = (types.data ?? []).map((x) => ({ value: x.id, label: localName(x, i18n.language) }));
  return { options, nameOf: (id: number) => options.find((o) => o.value === id)?.label ?? String(id) };
}

/** Whole yuan with thousands separators in the interface language. */
export function formatYuan(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(language === 'zh-CN' ? 'zh-CN' : 'en-US').format(value);
}

/** Flat places → tree rows (roots: parent missing from the list). */
export type PlaceNode = PlaceRow & { label: string; children?: PlaceNode[] };
export function placeTree(rows: readonly PlaceRow[], language: string): PlaceNode[] {
  const byId = new Map<number, PlaceNode>(rows.map((r) => [r.id, { ...r, label: localName(r, language) }]));
  const roots: PlaceNode[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Keeps nodes whose label matches, with their ancestors (and a matching node's whole subtree). */
export function filterTree(nodes: readonly PlaceNode[], text: string): PlaceNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((n) => {
    const hit = n.label.toLowerCase().includes(needle) || n.name.toLowerCase().includes(needle);
    if (hit) return [n];
    const kids = filterTree(n.children ?? [], text);
    return kids.length ? [{ ...n, children: kids }] : [];
  });
}
