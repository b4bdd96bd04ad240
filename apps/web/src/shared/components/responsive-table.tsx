import { Card, Empty, Skeleton, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { Fragment, type Key, type ReactNode } from 'react';
import { useIsMobile } from '@/shared/lib/app-state';
import './responsive-table.css';

type ResponsiveTableProps<T extends object> = TableProps<T> & {
  /** The heading of a row's card on a phone (e.g. its name); the columns fill the card's body. */
  cardTitle?: (row: T) => ReactNode;
  'data-testid'?: string;
};

function cellOf<T extends object>(column: TableColumnType<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex;
  const value =
    path === undefined || path === null
      ? undefined
      : (Array.isArray(path) ? path : [path]).reduce<unknown>(
          (at, key) => (at === null || at === undefined ? at : (at as Record<string, unknown>)[String(key)]),
          row,
        );
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? null : (value as ReactNode);
}

/**
 * A table on a desktop, a card per row on a phone: each card lists the columns as label and
 * value, so nothing hides behind a fixed column or wraps one character per line at 390 px.
 * Same props as antd's Table; `cardTitle` heads each card.
 */
export function ResponsiveTable<T extends object>({ cardTitle, ...table }: ResponsiveTableProps<T>) {
  const mobile = useIsMobile();
  if (!mobile) return <Table<T> {...table} />;
  const rows = (table.dataSource ?? []) as readonly T[];
  const columns = (table.columns ?? []) as TableColumnType<T>[];
  const keyOf = (row: T, index: number): Key =>
    typeof table.rowKey === 'function'
      ? table.rowKey(row, index)
      : (((row as Record<string, unknown>)[String(table.rowKey ?? 'key')] as Key | undefined) ?? index);
  const loading = typeof table.loading === 'object' ? table.loading.spinning : table.loading;
  return (
    <div className={`record-cards ${table.className ?? ''}`} data-testid={table['data-testid']}>
      {loading && rows.length === 0 ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={table.locale?.emptyText as ReactNode} />
      ) : (
        rows.map((row, index) => (
          <Card key={keyOf(row, index)} size="small" title={cardTitle?.(row)} data-row-key={keyOf(row, index)}>
            <dl className="record-cards__fields">
              {columns.map((column, i) => {
                const cell = cellOf(column, row, index);
                const title = typeof column.title === 'function' ? null : (column.title as ReactNode);
                return (
                  <Fragment key={String(column.key ?? column.dataIndex ?? i)}>
                    <dt>{title}</dt>
                    <dd>{cell}</dd>
                  </Fragment>
                );
              })}
            </dl>
          </Card>
        ))
      )}
    </div>
  );
}
