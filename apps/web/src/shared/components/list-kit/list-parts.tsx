import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import { cleanQuery, confirmAction, formatTime, mutate } from '@/shared/lib/list';
import { StatusSwitch } from './list-frame';

/**
 * The state every searchable list keeps: the applied filter, the page, and whether the search
 * form shows (hidden at first on phones). A new search or a reset goes back to page 1.
 */
export function useListState<F extends object>(initialFilter?: F) {
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<F>(() => initialFilter ?? ({} as F));
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [showSearch, setShowSearch] = useState(() => !mobile);
  return {
    filter,
    query: cleanQuery({ ...filter } as Record<string, unknown>),
    page,
    setPage,
    showSearch,
    toggleSearch: () => setShowSearch((s) => !s),
    search: (next: F) => {
      setFilter(next);
      setPage((p) => ({ ...p, page: 1 }));
    },
    reset: () => {
      setFilter({} as F);
      setPage((p) => ({ ...p, page: 1 }));
    },
  };
}

/** A column of instants shown as local date and time, e.g. `createdAt`. */
export function timeColumn<T>(key: string & keyof T, title: string): TableColumnsType<T>[number] {
  return { key, dataIndex: key, title, render: (v: string) => formatTime(v) };
}

/** Columns that show their field as it is, titled: `{ field: title }`, in that order. */
export function textColumns<T>(titles: Partial<Record<keyof T & string, string>>): TableColumnsType<T> {
  return Object.entries(titles).map(([key, title]) => ({ key, dataIndex: key, title: String(title) }));
}

/** A record's status as plain text: enabled (`0`) or disabled. */
export function enabledColumn<T extends { status: string }>(t: TFunction): TableColumnsType<T>[number] {
  return {
    key: 'status',
    title: t('admin.status'),
    render: (_, r) => (r.status === '0' ? t('admin.enabled') : t('admin.disabled')),
  };
}

/**
 * A record's status as a switch that asks first and saves at `${url(row)}/status`, then runs
 * `onChanged`; without `permissions` it only shows the state.
 */
export function switchColumn<T extends { status: string }>(
  t: TFunction,
  o: {
    permissions: readonly string[];
    name: (row: T) => string;
    url: (row: T) => string;
    onChanged: () => Promise<unknown>;
  },
): TableColumnsType<T>[number] {
  return {
    key: 'status',
    title: t('admin.status'),
    render: (_, row) => (
      <StatusSwitch
        status={row.status}
        name={o.name(row)}
        permissions={o.permissions}
        onChange={async (status) => {
          await mutate('PUT', `${o.url(row)}/status`, { status });
          await o.onChanged();
        }}
      />
    ),
  };
}

/** A row's edit link, shown to holders of the permission. */
export function EditLink({ permissions, onClick }: { permissions: readonly string[]; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Authorized permissions={permissions}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick}>
        {t('common.edit')}
      </Button>
    </Authorized>
  );
}

/** A row's delete link: asks (naming the record, or with `confirmText`) before `onDelete` runs. */
export function DeleteLink({
  permissions,
  name,
  confirmText,
  onDelete,
}: {
  permissions: readonly string[];
  name: string;
  confirmText?: string;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Authorized permissions={permissions}>
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={() => confirmAction(confirmText ?? t('admin.confirmDelete', { name }), onDelete)}
      >
        {t('admin.delete')}
      </Button>
    </Authorized>
  );
}

interface ListTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  /** A paged answer, or a whole list (then without pagination). */
  list: { data?: { rows: T[]; total: number } | T[]; isFetching: boolean; isError: boolean };
  /** With page state, a pagination bar follows the table. */
  paging?: { page: PageState; onChange: (next: PageState) => void };
}

/** A list's table: loading, empty and failed states, horizontal scroll on narrow screens, paging. */
export function ListTable<T extends object>({ list, paging, ...props }: ListTableProps<T>) {
  const { t } = useTranslation();
  const data = list.data;
  const rows = Array.isArray(data) ? data : (data?.rows ?? []);
  const total = Array.isArray(data) ? data.length : (data?.total ?? 0);
  return (
    <>
      <Table<T>
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        {...props}
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      {paging ? <PaginationBar {...paging.page} total={total} onChange={paging.onChange} /> : null}
    </>
  );
}
