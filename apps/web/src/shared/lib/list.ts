import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageState } from '@/shared/components/pagination-bar';
import { confirmOnce } from '@/shared/lib/confirm';
import { downloadGet } from '@/shared/lib/download';
import { i18n } from '@/shared/lib/i18n';
import { parseInstant } from '@/shared/lib/instant';
import { feedback } from '@/shared/lib/notify';
import { request, type ApiEnvelope, type Query } from '@/shared/lib/request';

/** A list answer (DESIGN §4): the page's rows and the total. */
export interface ListAnswer<T> extends ApiEnvelope {
  rows: T[];
  total: number;
}
/** A single object answer. */
export interface DataAnswer<T> extends ApiEnvelope {
  data: T;
}

/** Drops empty filter values so they are not sent (and so they do not split the cache). */
export function cleanQuery(filter: Record<string, unknown>): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value as string | number | boolean;
  }
  return out;
}

/** A paged list: `pageNum` / `pageSize` plus the filter; the previous page stays while the next loads. */
export function usePagedList<T>(url: string, filter: Query, page: PageState, enabled = true) {
  return useQuery({
    queryKey: [url, 'list', filter, page.page, page.limit],
    queryFn: ({ signal }) =>
      request<ListAnswer<T>>(url, { params: { ...filter, pageNum: page.page, pageSize: page.limit }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A `{data}` answer (flat lists, trees, one record). */
export function useData<T>(url: string, params: Query = {}, enabled = true) {
  return useQuery({
    queryKey: [url, 'data', params],
    queryFn: async ({ signal }) => (await request<DataAnswer<T>>(url, { params, signal })).data,
    enabled,
  });
}

/** Calls that change data refetch every query of their resource afterwards. */
export function useInvalidate() {
  const client = useQueryClient();
  return (...prefixes: string[]) =>
    client.invalidateQueries({
      predicate: (q) => prefixes.some((p) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(p)),
    });
}

/** Sends a change and shows the server's answer (its errors are shown by the request wrapper). */
export async function mutate(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<ApiEnvelope> {
  const answer = await request(url, { method, data });
  feedback().message.success(i18n.t('admin.done'));
  return answer;
}

/** The enabled / disabled choice of a record's status (`0` enabled). */
export function statusOptions(t: (key: string) => string) {
  return [
    { value: '0', label: t('admin.enabled') },
    { value: '1', label: t('admin.disabled') },
  ];
}

/** Saves a record: a new one (no id) is POSTed to the list URL, an existing one PUT to `${url}/${id}`. */
export function saveRecord(url: string, id: number | null | undefined, body: unknown): Promise<ApiEnvelope> {
  return id ? mutate('PUT', `${url}/${id}`, body) : mutate('POST', url, body);
}

/** Asks before a destructive action, one dialog per question at a time (a double click asks once). */
export function confirmAction(content: string, action: () => Promise<unknown>, danger = true): void {
  confirmOnce(`action:${content}`, {
    title: i18n.t('common.hint'),
    content,
    okText: i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
    okButtonProps: { danger },
    run: async () => {
      try {
        await action();
      } catch {
        // The request wrapper has shown the server's message; keep the dialog's promise settled.
      }
    },
  });
}

/** Exports the filtered list through the server's `/export` call (the shared download helper). */
export function exportList(url: string, filter: Query, filename: string): void {
  downloadGet(url, filter, filename).catch(() => undefined);
}

/** `2026-11-22T04:24:11.000Z` → `2026-11-22 12:24:11` in local time. */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = parseInstant(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A server tree node ({id,label,labelZh,children}) in the current language. */
export interface ServerTreeNode {
  id: number;
  label: string;
  labelZh: string;
  children?: ServerTreeNode[];
}
export interface LocalTreeNode {
  id: number;
  label: string;
  children?: LocalTreeNode[];
}
export function localiseTree(nodes: readonly ServerTreeNode[] | undefined, language: string): LocalTreeNode[] {
  return (nodes ?? []).map((n) => ({
    id: n.id,
    label: language === 'zh-CN' && n.labelZh ? n.labelZh : n.label,
    children: n.children?.length ? localiseTree(n.children, language) : undefined,
  }));
}

/** Builds a tree from a flat list by `parentId` (roots: parent missing from the list). */
export function buildTree<T extends { id: number; parentId: number | null }>(
  rows: readonly T[],
): (T & { children?: (T & { children?: unknown })[] })[] {
  type Node = T & { children?: Node[] };
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The same tree for antd's <Tree> (key/title). */
export function toTreeData(
  nodes: readonly LocalTreeNode[],
): { key: number; title: string; children?: ReturnType<typeof toTreeData> }[] {
  return nodes.map((n) => ({ key: n.id, title: n.label, children: n.children ? toTreeData(n.children) : undefined }));
}
