import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageState } from '@/shared/components/pagination-bar';
import { downloadGet } from '@/shared/lib/download';
import { i18n } from '@/shared/lib/i18n';
import { feedback } from '@/shared/lib/notify';
import { request, RequestError, type ApiEnvelope, type Query } from '@/shared/lib/request';

/** Master-data calls (manager/itemtype, subcate, itemplace, departcate, itemprocess). */

export const URLS = {
  types: '/api/basic/types',
  subcategories: '/api/basic/subcategories',
  places: '/api/basic/places',
  departCategories: '/api/basic/depart-categories',
  processSettings: '/api/basic/process-settings',
} as const;

/** Fields every named master-data row has (names in both languages). */
export interface NamedRow {
  id: number;
  name: string;
  nameZh: string;
  orderNum: number;
  status: string;
}
export interface TypeRow extends NamedRow {
  code: string;
  /** In yuan. */
  valueLimit: number | null;
  createdAt: string;
}
export interface SubCategoryRow extends NamedRow {
  typeId: number;
}
export interface PlaceRow extends NamedRow {
  parentId: number;
  ancestors: string;
  code: string | null;
}
export interface ProcessRow {
  id: number;
  typeId: number;
  model: number;
  signupDays: number;
  bidWindowDays: number;
  publicityDays: number;
  requiredDocuments: string;
}

/** The name in the interface language (the English one when no Chinese name is set). */
export function localName(row: { name: string; nameZh?: string | null } | undefined, language: string): string {
  if (!row) return '';
  return language === 'zh-CN' && row.nameZh ? row.nameZh : row.name;
}

/** Drops empty filter values so they are neither sent nor split the cache. */
export function cleanFilter(filter: Record<string, unknown>): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value as string | number | boolean;
  }
  return out;
}

/** A paged list (`pageNum`/`pageSize` → `rows`, `total`); the previous page stays while the next loads. */
export function usePagedRows<T>(url: string, filter: Query, page: PageState) {
  return useQuery({
    queryKey: [url, 'page', filter, page.page, page.limit],
    queryFn: async ({ signal }) => {
      const body = await request(url, { params: { ...filter, pageNum: page.page, pageSize: page.limit }, signal });
      return { rows: (body.rows ?? []) as T[], total: Number(body.total ?? 0) };
    },
    placeholderData: keepPreviousData,
  });
}

/** A flat `data` list (types, places). */
export function useFlatRows<T>(url: string, filter: Query = {}, enabled = true) {
  return useQuery({
    queryKey: [url, 'all', filter],
    queryFn: async ({ signal }) => ((await request(url, { params: filter, signal })).data ?? []) as T[],
    enabled,
  });
}

/** Every project type, for pickers and for showing a type id by name. */
export const useProjectTypes = () => useFlatRows<TypeRow>(URLS.types);

/** Refetches every query of the given calls, and the hall options the project forms use. */
export function useRefresh() {
  const client = useQueryClient();
  return (...urls: string[]) =>
    client.invalidateQueries({
      predicate: (q) => {
        const head = q.queryKey[0];
        return typeof head === 'string' && (urls.some((u) => head.startsWith(u)) || head.includes('hall'));
      },
    });
}

/** Sends a change and confirms it; the request wrapper shows a refusal's message. */
export async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<ApiEnvelope> {
  const answer = await request(url, { method, data });
  feedback().message.success(i18n.t('masterData.done'));
  return answer;
}

/** The server's own text of a refusal (kept on screen in the form). */
export function refusalText(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  const body = error.body as { msg?: unknown } | undefined;
  return typeof body?.msg === 'string' && body.msg ? body.msg : error.message;
}

/** Asks before removing; the dialog closes once the call has answered. */
export function confirmRemove(name: string, action: () => Promise<unknown>): void {
  feedback().modal.confirm({
    title: i18n.t('common.hint'),
    content: i18n.t('masterData.confirmRemove', { name }),
    okText: i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await action();
      } catch {
        // Shown by the request wrapper.
      }
    },
  });
}

/** Exports the filtered list through the call's `/export` (the shared download helper). */
export function exportRows(url: string, filter: Query, filename: string): void {
  downloadGet(`${url}/export`, filter, filename).catch(() => undefined);
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
