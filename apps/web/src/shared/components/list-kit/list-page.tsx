import { Drawer, Form, Space } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useColumnVisibility } from '@/shared/components/column-settings';
import { useIsMobile } from '@/shared/lib/app-state';
import {
  cleanQuery,
  mutate,
  saveRecord,
  useData,
  useInvalidate,
  usePagedList,
  type DataAnswer,
} from '@/shared/lib/list';
import { request, type Query } from '@/shared/lib/request';
import { searchFilter } from './filters';
import { AddButton, ExportButton, SearchForm, Toolbar } from './list-frame';
import { ListTable, useListState } from './list-parts';

/** One record as the server has it now (`GET ${url}/${id}`). */
export async function fetchRecord<T>(url: string, id: number): Promise<T> {
  return (await request<DataAnswer<T>>(`${url}/${id}`)).data;
}

interface RecordListOptions<F> {
  /** More query prefixes that show these records and refetch after a change (e.g. `dict`). */
  also?: readonly string[];
  initialFilter?: F;
  /** `false`: the call answers the whole filtered list at once, without pages. */
  paged?: boolean;
  /** Conditions chosen outside the search form (e.g. a department in a side tree), sent with it. */
  extraQuery?: Query;
}

/**
 * The state of one list of records: filter, page, the rows, the record in the add or edit dialog
 * (`'new'` for a new one) and the calls on `url`: save, remove, refetch.
 */
export function useRecordList<T, F extends object = Record<string, unknown>, D = T>(
  url: string,
  { also = [], initialFilter, paged = true, extraQuery }: RecordListOptions<F> = {},
) {
  const state = useListState<F>(initialFilter);
  const invalidate = useInvalidate();
  const query = extraQuery ? cleanQuery({ ...state.query, ...extraQuery }) : state.query;
  const pages = usePagedList<T>(url, query, state.page, paged);
  const whole = useData<T[]>(url, query, !paged);
  const [editing, setEditing] = useState<D | 'new' | null>(null);
  const refresh = () => invalidate(url, ...also);
  return {
    ...state,
    query,
    url,
    paged,
    list: paged ? pages : whole,
    refresh,
    editing,
    setEditing,
    /** The record being edited, or undefined for a new one (or none). */
    editedRow: editing === 'new' || editing === null ? undefined : editing,
    close: () => setEditing(null),
    /** Creates (no id) or saves the record, then refetches. */
    save: async (id: number | null | undefined, body: unknown) => {
      await saveRecord(url, id, body);
      await refresh();
    },
    /** Removes records by id (`DELETE ${url}/1,2`), then refetches. */
    remove: async (ids: readonly (number | string)[]) => {
      await mutate('DELETE', `${url}/${ids.join(',')}`);
      await refresh();
    },
    /** Opens the edit dialog with the record as the server has it now. */
    openRecord: (id: number) =>
      fetchRecord<D>(url, id).then(setEditing, () => {
        // the request wrapper has shown why
      }),
  };
}

/** A record list's state; `D` is a record as its detail call answers it (the row unless it says more). */
export type RecordListState<T, F extends object = Record<string, unknown>, D = T> = ReturnType<
  typeof useRecordList<T, F, D>
>;

/**
 * The search form of a list: applying it starts again at page 1, hidden while the toolbar's
 * search toggle says so. `onChange` runs before each new search or reset.
 */
export function ListSearch<F extends object>({
  state,
  toFilter = searchFilter as (values: Record<string, unknown>) => F,
  onChange,
  onReset,
  children,
}: {
  state: { showSearch: boolean; search: (next: F) => void; reset: () => void };
  toFilter?: (values: Record<string, unknown>) => F;
  onChange?: () => void;
  /** Clears what the page keeps beside the form (e.g. a chosen department). */
  onReset?: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <SearchForm
      form={form}
      hidden={!state.showSearch}
      onSearch={(values) => {
        onChange?.();
        state.search(toFilter(values));
      }}
      onReset={() => {
        onChange?.();
        onReset?.();
        state.reset();
      }}
    >
      {children}
    </SearchForm>
  );
}

interface RecordListProps<T extends object, F extends object, D> extends Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'pagination' | 'columns'
> {
  records: RecordListState<T, F, D>;
  /** Search fields; with them a search form stands above the toolbar. */
  search?: ReactNode;
  /** The search form's values as the filter (default `searchFilter`). */
  toFilter?: (values: Record<string, unknown>) => F;
  /** Runs when the search form is reset. */
  onReset?: () => void;
  /** Whether the toolbar can fold the search form (default yes). */
  searchToggle?: boolean;
  /** Permissions of the Add button, which opens the dialog for a new record. */
  add?: readonly string[];
  /** The Export button: its permissions and the file's name. */
  exportAs?: { permissions: readonly string[]; fileName: string };
  /** More toolbar buttons, after Add. */
  actions?: ReactNode;
  columns: TableColumnsType<T>;
  /** Columns the user may hide (the toolbar's column settings). */
  columnSettings?: ReturnType<typeof useColumnVisibility>;
  /** The links of a row, in a last "Actions" column. */
  rowActions?: (row: T) => ReactNode;
  /** The actions column stays at the right edge while the table scrolls. */
  fixedActions?: boolean;
}

/** A list of records: search form, toolbar (add, export, refresh, columns), the table and its pages. */
export function RecordList<T extends object, F extends object = Record<string, unknown>, D = T>({
  records,
  search,
  toFilter,
  onReset,
  searchToggle = true,
  add,
  exportAs,
  actions,
  columns,
  columnSettings,
  rowActions,
  fixedActions,
  rowKey = 'id',
  ...table
}: RecordListProps<T, F, D>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const r = records;
  const shown = columnSettings ? columns.filter((c) => columnSettings.isVisible(String(c.key))) : columns;
  const actionsColumn: TableColumnsType<T> = rowActions
    ? [
        {
          key: 'actions',
          title: t('admin.actions'),
          fixed: fixedActions && !mobile ? 'right' : undefined,
          render: (_, row) => (
            <Space size={0} wrap>
              {rowActions(row)}
            </Space>
          ),
        },
      ]
    : [];
  return (
    <>
      {search ? (
        <ListSearch<F> state={searchToggle ? r : { ...r, showSearch: true }} toFilter={toFilter} onReset={onReset}>
          {search}
        </ListSearch>
      ) : null}
      <Toolbar
        onRefresh={r.refresh}
        onToggleSearch={search && searchToggle ? r.toggleSearch : undefined}
        columns={columnSettings?.columns}
        onToggleColumn={columnSettings?.setVisible}
      >
        {add ? <AddButton permissions={add} onClick={() => r.setEditing('new')} /> : null}
        {actions}
        {exportAs ? (
          <ExportButton permissions={exportAs.permissions} url={r.url} query={r.query} fileName={exportAs.fileName} />
        ) : null}
      </Toolbar>
      <ListTable<T>
        {...table}
        rowKey={rowKey}
        list={r.list}
        columns={[...shown, ...actionsColumn]}
        paging={r.paged ? { page: r.page, onChange: r.setPage } : undefined}
      />
    </>
  );
}

/** A side drawer for a record's details: large on a desktop, the whole width on a phone. */
export function DetailDrawer({
  open,
  title,
  loading,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  loading?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const mobile = useIsMobile();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={mobile ? '100%' : 'large'}
      loading={loading}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}
