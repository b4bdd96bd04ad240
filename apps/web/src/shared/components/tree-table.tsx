import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { AddButton, ExportButton, ListFrame, Toolbar } from '@/shared/components/list-kit/list-frame';
import { DeleteLink, EditLink } from '@/shared/components/list-kit/list-parts';
import { useListState } from '@/shared/components/list-kit/list-parts';
import {
  localiseTree,
  mutate,
  useData,
  useInvalidate,
  type LocalTreeNode,
  type ServerTreeNode,
} from '@/shared/lib/list';
import type { Query } from '@/shared/lib/request';

/** A row of a tree table: an id and, for a branch, its children. */
export interface TreeRow {
  id: number;
  children?: TreeRow[];
}

/** Ids of every node that has children (what "expand all" opens). */
export function branchIds(nodes: readonly TreeRow[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchIds(n.children)] : []));
}

/**
 * Which rows are open: `initial` until the user opens or closes one ('all', 'none' or 'top' for
 * the top level). While a filter text is set every match is shown opened and the user's choice
 * waits for the filter to be cleared.
 */
export function useTreeExpansion(tree: readonly TreeRow[], initial: 'all' | 'none' | 'top', filtering = false) {
  const [chosen, setChosen] = useState<readonly Key[] | null>(null);
  const fallback = () => (initial === 'all' ? branchIds(tree) : initial === 'top' ? tree.map((n) => n.id) : []);
  const expandedKeys = filtering ? branchIds(tree) : (chosen ?? fallback());
  return {
    expandedKeys,
    onExpandedRowsChange: (keys: readonly Key[]) => {
      if (!filtering) setChosen(keys);
    },
    expandAll: () => setChosen(branchIds(tree)),
    collapseAll: () => setChosen([]),
    /** Back to the initial state (a new search). */
    reset: () => setChosen(null),
    /** Opens one more row (the parent a child was just added under). */
    open: (id: Key) => setChosen((keys) => [...new Set([...(keys ?? fallback()), id])]),
  };
}

export type TreeExpansion = ReturnType<typeof useTreeExpansion>;

/** One button that collapses an open tree and expands a closed one. */
export function ExpandToggle({ expansion }: { expansion: TreeExpansion }) {
  const { t } = useTranslation();
  const open = expansion.expandedKeys.length > 0;
  return (
    <Button onClick={open ? expansion.collapseAll : expansion.expandAll}>
      {open ? t('admin.collapseAll') : t('admin.expandAll')}
    </Button>
  );
}

interface TreeTableProps<T extends TreeRow> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  tree: T[];
  list: { isFetching: boolean; isError: boolean };
  expansion: TreeExpansion;
}

/** A tree of rows in a table: loading, empty and failed states, rows opened by `expansion`. */
export function TreeTable<T extends TreeRow>({ tree, list, expansion, ...props }: TreeTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      pagination={false}
      scroll={{ x: 'max-content' }}
      {...props}
      loading={list.isFetching}
      dataSource={tree}
      expandable={{ expandedRowKeys: expansion.expandedKeys, onExpandedRowsChange: expansion.onExpandedRowsChange }}
      locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
    />
  );
}

type TreeAction = 'add' | 'edit' | 'remove' | 'export';

/** What a tree page shows and calls: the rows of one list call, as a tree. */
export interface TreeSource<T extends TreeRow> {
  /** The rows' call: a row is removed at `${url}/${id}`, the list exported from `${url}/export`. */
  url: string;
  list: { isFetching: boolean; isError: boolean };
  tree: T[];
  expansion: TreeExpansion;
  /** The filter the rows were asked with (also the export's). */
  query: Query;
  /** Refetches the rows (also after a removal). */
  refresh: () => Promise<unknown>;
  /** Folds the search form; without it the toolbar has no search toggle. */
  toggleSearch?: () => void;
}

/**
 * The rows of a flat list call filtered by a search form, built into a tree by `toTree` (a
 * function of the module, so that it stays the same between renders), opened as `initial` says.
 */
export function useTreeList<Row, T extends TreeRow>(
  url: string,
  { toTree, initial, also = [] }: { toTree: (rows: Row[]) => T[]; initial: 'all' | 'none'; also?: string[] },
) {
  const search = useListState<Record<string, unknown>>();
  const invalidate = useInvalidate();
  const list = useData<Row[]>(url, search.query);
  // `toTree` is a module function: the tree is built again only when the rows change.
  const tree = useMemo(() => toTree(list.data ?? []), [list.data]);
  const expansion = useTreeExpansion(tree, initial);
  const source: TreeSource<T> = {
    url,
    list,
    tree,
    expansion,
    query: search.query,
    refresh: () => invalidate(url, ...also),
    toggleSearch: search.toggleSearch,
  };
  return { source, search };
}

/** A labelled tree call (`{id, label, labelZh, children}`) in the interface language, while `enabled`. */
export function useLabelTree(url: string, params: Query = {}, enabled = true): LocalTreeNode[] {
  const { i18n } = useTranslation();
  const nodes = useData<ServerTreeNode[]>(url, params, enabled);
  return useMemo(() => localiseTree(nodes.data, i18n.language), [nodes.data, i18n.language]);
}

/** Every row of a list call, whatever the page's filter (e.g. the parents a dialog offers), while `enabled`. */
export function useWholeList<Row>(url: string, enabled: boolean): Row[] {
  const all = useData<Row[]>(url, {}, enabled);
  return useMemo(() => all.data ?? [], [all.data]);
}

interface TreeTablePageProps<T extends TreeRow> {
  testId: string;
  source: TreeSource<T>;
  /** The permissions (any of) of each action. */
  perm: (action: TreeAction) => readonly string[];
  /** The search form or filter field above the toolbar. */
  filters: ReactNode;
  /** Adds a top-level row. */
  onAdd: () => void;
  /** With it, an Export button downloads the rows the filter shows. */
  exportName?: string;
  /** Expand / collapse control of the toolbar; one toggle button unless given. */
  expandControl?: ReactNode;
  columns: TableColumnsType<T>;
  /** A row's name in the delete question. */
  rowName: (row: T) => string;
  /** Texts of the delete question and of the add-child link, when they differ from the list kit's. */
  texts?: { confirmDelete?: (name: string) => string; addChild?: string };
  /** Which links a row shows (all when left out). */
  can?: { edit?: (row: T) => boolean; addChild?: (row: T) => boolean; remove?: (row: T) => boolean };
  onEdit: (row: T) => void;
  onAddChild: (row: T) => void;
  /** The add / edit dialog. */
  children?: ReactNode;
}

/** A page of one tree (departments, menus, places): filter, toolbar, the tree table with row links. */
export function TreeTablePage<T extends TreeRow>(props: TreeTablePageProps<T>) {
  const { t } = useTranslation();
  const { perm, can, texts, source } = props;
  const actions: TableColumnsType<T>[number] = {
    key: 'actions',
    title: t('admin.actions'),
    render: (_, row: T) => (
      <Space size={0} wrap>
        {(can?.edit?.(row) ?? true) ? <EditLink permissions={perm('edit')} onClick={() => props.onEdit(row)} /> : null}
        {(can?.addChild?.(row) ?? true) ? (
          <Authorized permissions={perm('add')}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => props.onAddChild(row)}>
              {texts?.addChild ?? t('admin.add')}
            </Button>
          </Authorized>
        ) : null}
        {(can?.remove?.(row) ?? true) ? (
          <DeleteLink
            permissions={perm('remove')}
            name={props.rowName(row)}
            confirmText={texts?.confirmDelete?.(props.rowName(row))}
            onDelete={async () => {
              await mutate('DELETE', `${source.url}/${row.id}`);
              await source.refresh();
            }}
          />
        ) : null}
      </Space>
    ),
  };
  return (
    <ListFrame testId={props.testId}>
      {props.filters}
      <Toolbar onRefresh={source.refresh} onToggleSearch={source.toggleSearch}>
        <AddButton permissions={perm('add')} onClick={props.onAdd} />
        {props.expandControl ?? <ExpandToggle expansion={source.expansion} />}
        {props.exportName ? (
          <ExportButton
            permissions={perm('export')}
            url={source.url}
            query={source.query}
            fileName={props.exportName}
          />
        ) : null}
      </Toolbar>
      <TreeTable<T>
        tree={source.tree}
        list={source.list}
        expansion={source.expansion}
        columns={[...props.columns, actions]}
      />
      {props.children}
    </ListFrame>
  );
}
