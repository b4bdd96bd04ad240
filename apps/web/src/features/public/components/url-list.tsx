import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@lvb/contracts/limits';
import { Button, Empty, Input, Select, Skeleton } from 'antd';
import { LazyResult as Result } from '@/shared/components/lazy-result';
import type { SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaginationBar } from '@/shared/components/pagination-bar';
import type { Paged } from '@/shared/api/paged-list';
import { numberParam, patchParams, type ParamsPatch } from './url-params';

/**
 * The filters of a public list live in the URL query, so a filtered list can be shared as a link
 * and the browser's back button undoes a filter. A change starts again from the first page.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const page = {
    pageNum: numberParam(params.get('pageNum')) ?? 1,
    pageSize: numberParam(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
  const update = (patch: ParamsPatch, keepPage = false) => setParams(patchParams(params, patch, keepPage));
  return { params, page, update, reset: () => setParams(new URLSearchParams()) };
}

/**
 * The keyword box: searched on Enter or the button. Give it `key={keyword}` so that it shows the
 * URL's keyword again after a reset or the back button.
 */
export function KeywordSearch({
  keyword,
  placeholder,
  onSearch,
  enterButton,
}: {
  keyword?: string;
  placeholder: string;
  onSearch: (keyword: string | undefined) => void;
  enterButton?: ReactNode;
}) {
  const [value, setValue] = useState(keyword ?? '');
  return (
    <Input.Search
      className="hall-filters__keyword"
      allowClear
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      placeholder={placeholder}
      enterButton={enterButton}
      aria-label={placeholder}
    />
  );
}

/** A filter that can be cleared, named by its label. */
export function FilterSelect<V extends string | number>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: SelectProps<V>['options'];
}) {
  return (
    <Select<V>
      allowClear
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(v) => onChange(v)}
      options={options}
    />
  );
}

/** A page of results: loading, failure (with a retry), none, or the rows; then the pager. */
export function UrlPagedResults<T>({
  query,
  search,
  emptyText,
  children,
}: {
  query: UseQueryResult<Paged<T>>;
  search: ReturnType<typeof useUrlSearch>;
  emptyText: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : query.data.rows.length === 0 ? (
        <Empty description={emptyText} />
      ) : (
        children(query.data.rows)
      )}
      <PaginationBar
        page={search.page.pageNum}
        limit={search.page.pageSize}
        total={query.data?.total ?? 0}
        onChange={(next) => search.update({ pageNum: next.page, pageSize: next.limit }, true)}
      />
    </>
  );
}
