import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@lvb/contracts/limits';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { Paged } from '@/shared/api/paged-list';
import './plain-hall.css';
import { PlainPager } from './plain-pager';
import { PlainEmpty, PlainLoadFailed, PlainSkeleton } from './plain-states';
import { numberParam, pageHref, patchParams, type ParamsPatch } from './url-params';

/** The addresses of the pages of the list the URL describes (the pager's links). */
export function usePageHref(): (page: number) => string {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return (page) => pageHref(pathname, params, page);
}

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
 * A page of results in plain HTML (no antd): loading, failure (with a retry), none, or the rows;
 * then the pager. The hall's filters (hall-filters.tsx) go above it.
 */
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
  const hrefFor = usePageHref();
  return (
    <>
      {query.isPending ? (
        <PlainSkeleton label={t('common.loading')} />
      ) : query.isError ? (
        <PlainLoadFailed
          title={t('common.loadFailed')}
          retry={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.rows.length === 0 ? (
        <PlainEmpty description={emptyText} />
      ) : (
        children(query.data.rows)
      )}
      <PlainPager
        page={search.page.pageNum}
        limit={search.page.pageSize}
        total={query.data?.total ?? 0}
        onChange={(next) => search.update({ pageNum: next.page, pageSize: next.limit }, true)}
        hrefFor={hrefFor}
      />
    </>
  );
}
