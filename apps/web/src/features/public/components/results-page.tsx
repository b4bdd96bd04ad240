import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@lvb/contracts/limits';
import { formatYuan } from '@lvb/contracts/money';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useResultFacts } from '@/shared/components/result-facts';
import { publicResultsQuery, RESULT_KINDS, type PublicResultFilters, type PublicResultRow } from '../api/results';
import { KeywordBox } from './hall-filters';
import './plain-hall.css';
import { PlainPager } from './plain-pager';
import { usePageHref } from './url-list';
import { PlainEmpty, PlainLoadFailed, PlainSkeleton, PlainTag } from './plain-states';
import { buttonText } from './plain-texts';
import './results-page.css';
import { SectionFrame } from './section-frame';
import { numberParam, oneOf, patchParams, type ParamsPatch } from './url-params';

/** The list's search from the URL query, so a kind, a keyword and a page can be shared as a link. */
function filtersFrom(params: URLSearchParams): PublicResultFilters {
  return {
    kind: oneOf(RESULT_KINDS, params.get('kind')) ?? 'publicity',
    keyword: params.get('keyword') ?? undefined,
    pageNum: numberParam(params.get('pageNum')) ?? 1,
    pageSize: numberParam(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
}

/** One result: its project (a link to the project page, which shows the ranking) and its facts. */
function ResultCard({ row }: { row: PublicResultRow }) {
  const { t } = useTranslation();
  const facts = useResultFacts()(row);
  return (
    <Link to={`/iteminfo?id=${row.projectId}`} className="ph-card" data-testid="result-row">
      <div className="ph-card__head">
        <span className="ph-card__name">{row.name}</span>
        {row.amountFen !== null && row.status !== 'failed' ? (
          <span className="ph-card__budget">{formatYuan(row.amountFen)}</span>
        ) : null}
      </div>
      {row.status === 'publicity' && row.objections === 'open' ? (
        <div className="ph-card__tags">
          <PlainTag color="orange">{t('publicResults.objections.open')}</PlainTag>
        </div>
      ) : null}
      <div className="ph-card__meta">
        <span>
          {t('publicResults.field.code')}: {row.code}
        </span>
        <span>
          {t('publicResults.field.owner')}: {row.ownerName}
        </span>
        {facts.map(([label, value]) => (
          <span key={label}>
            {label}: {value}
          </span>
        ))}
      </div>
    </Link>
  );
}

/**
 * `/resultpub`: results in publicity, awarded results and failed projects, a tab each (`?kind=`),
 * searched by keyword and paged in the URL; each row opens its project page. Plain HTML (no antd),
 * and printable: the header, the tabs, the search and the pager stay off paper.
 */
export function ResultsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const hrefFor = usePageHref();
  const filters = filtersFrom(params);
  const results = useQuery(publicResultsQuery(filters));
  const update = (patch: ParamsPatch, keepPage = false) => setParams(patchParams(params, patch, keepPage));
  const kindLink = (kind: string) => `?${patchParams(new URLSearchParams(), { kind, keyword: filters.keyword })}`;

  return (
    <SectionFrame title={t('publicPages.resultpub')} intro={t('publicPages.resultpubIntro')}>
      <div className="ph-hall rp-page">
        <nav className="rp-kinds" aria-label={t('publicResults.kinds')}>
          {RESULT_KINDS.map((kind) => (
            <Link
              key={kind}
              to={kindLink(kind)}
              className={`rp-kinds__item${kind === filters.kind ? ' rp-kinds__item--active' : ''}`}
              aria-current={kind === filters.kind ? 'page' : undefined}
            >
              {t(`publicResults.kind.${kind}`)}
            </Link>
          ))}
        </nav>
        <p className="rp-print-only">
          {t('publicResults.printedKind', { kind: t(`publicResults.kind.${filters.kind}`) })}
        </p>
        <div className="ph-filters rp-filters" role="search">
          <KeywordBox
            key={filters.keyword ?? ''}
            keyword={filters.keyword}
            placeholder={t('publicResults.keyword')}
            onSearch={(keyword) => update({ keyword })}
          />
          <button type="button" className="ph-btn" onClick={() => window.print()}>
            {buttonText(t('publicResults.print'))}
          </button>
        </div>
        {results.isPending ? (
          <PlainSkeleton label={t('common.loading')} />
        ) : results.isError ? (
          <PlainLoadFailed
            title={t('common.loadFailed')}
            retry={t('common.retry')}
            onRetry={() => void results.refetch()}
          />
        ) : results.data.rows.length === 0 ? (
          <PlainEmpty description={t(`publicResults.empty.${filters.kind}`)} />
        ) : (
          <div className="ph-list" data-testid="result-rows">
            {results.data.rows.map((row) => (
              <ResultCard key={row.projectId} row={row} />
            ))}
          </div>
        )}
        <PlainPager
          page={filters.pageNum}
          limit={filters.pageSize}
          total={results.data?.total ?? 0}
          onChange={(next) => update({ pageNum: next.page, pageSize: next.limit }, true)}
          hrefFor={hrefFor}
        />
      </div>
    </SectionFrame>
  );
}
