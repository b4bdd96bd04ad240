import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@lvb/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { HallProject } from '@/shared/api/hall-projects';
import { dictLabel, type DictOption } from '@/shared/lib/dict';
import { hallProjectsQuery, type HallFilters as Filters } from '../api/hall';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';
import { useAfterPaint, useHallLookups } from './hall-data';
import { HallFilters, SORTS, STATUSES, type FilterPatch } from './hall-filters';
import './plain-hall.css';
import { PlainPager } from './plain-pager';
import { usePageHref } from './url-list';
import { listClassColour, PlainEmpty, PlainLoadFailed, PlainSkeleton, PlainTag } from './plain-states';
import { numberParam, oneOf, patchParams } from './url-params';

/**
 * The project hall (public `/hall` and the supplier's `web/hall`) in plain HTML: no antd, so the
 * public page loads only its own small chunk. Search, filters, sorting and paging live in the URL.
 */

/** The hall's search from the URL query, so a filtered hall can be shared as a link. */
function filtersFrom(params: URLSearchParams): Filters {
  return {
    keyword: params.get('keyword') ?? undefined,
    typeId: numberParam(params.get('typeId')),
    placeId: numberParam(params.get('placeId')),
    model: numberParam(params.get('model')),
    status: oneOf(STATUSES, params.get('status')) ?? 'all',
    sort: oneOf(SORTS, params.get('sort')) ?? 'published',
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? 'desc',
    pageNum: numberParam(params.get('pageNum')) ?? 1,
    pageSize: numberParam(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
}

/** A dictionary value by label: plain text for a default or empty list class, else a tag (spec §4). */
function DictValue({ dict, value, language }: { dict?: DictOption[]; value: string; language: string }) {
  // The labels arrive after the list shows: nothing until then rather than the raw value.
  if (!dict) return null;
  const option = dict.find((o) => o.dictValue === value);
  if (!option) return <span>{value}</span>;
  const colour = listClassColour(option.listClass);
  const label = dictLabel(option, language);
  return colour ? (
    <PlainTag color={colour} className={option.cssClass || undefined}>
      {label}
    </PlainTag>
  ) : (
    <span className={option.cssClass || undefined}>{label}</span>
  );
}

export function HallProjectCard({
  project,
  statusDict,
  modelDict,
}: {
  project: HallProject;
  statusDict?: DictOption[];
  modelDict?: DictOption[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Open for sign-up as the server says by the database clock, never by this browser's clock.
  const open = project.status === 'published' && project.signup === 'open';
  return (
    <Link to={`/iteminfo?id=${project.id}`} className="ph-card" data-testid="hall-project">
      <div className="ph-card__head">
        <span className="ph-card__name">{project.name}</span>
        <span className="ph-card__budget">{formatMoney(project.budget)}</span>
      </div>
      <div className="ph-card__tags">
        <DictValue dict={statusDict} value={project.status} language={language} />
        {open ? <PlainTag color="green">{t('projects.hall.open')}</PlainTag> : null}
        <PlainTag>{localName(language, project.typeName, project.typeNameZh)}</PlainTag>
        <DictValue dict={modelDict} value={String(project.model)} language={language} />
        {project.guaranteeRequired ? <PlainTag color="gold">{t('projects.field.guaranteeRequired')}</PlainTag> : null}
      </div>
      <div className="ph-card__meta">
        <span>
          {t('projects.field.code')}: {project.code}
        </span>
        <span>
          {t('projects.field.owner')}: {project.ownerName}
        </span>
        <span>
          {t('projects.field.place')}: {localName(language, project.placeName, project.placeNameZh)}
        </span>
        <span>
          {t('projects.field.bidDeadline')}: {formatTime(project.bidDeadline)}
        </span>
        {project.publishedAt ? (
          <span>
            {t('projects.field.publishedAt')}: {formatTime(project.publishedAt)}
          </span>
        ) : null}
      </div>
    </Link>
  );
}

/** The project hall: search, filters, sorting, paging; loading, failure (with a retry) and empty states. */
export function HallList() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const hrefFor = usePageHref();
  const filters = filtersFrom(params);
  const projects = useQuery(hallProjectsQuery(filters));
  // The filter options and the dictionaries' labels are fetched once the list (or its failure) shows.
  const lookups = useHallLookups(useAfterPaint(!projects.isPending), i18n.language);

  /** A filter change starts again from the first page unless `keepPage`. */
  const update = (patch: FilterPatch, keepPage = false) => setParams(patchParams(params, patch, keepPage));

  return (
    <div className="ph-hall">
      <HallFilters
        filters={filters}
        types={lookups.types}
        places={lookups.places}
        models={lookups.models}
        onChange={update}
        onReset={() => setParams(new URLSearchParams())}
      />
      {projects.isPending ? (
        <PlainSkeleton label={t('common.loading')} />
      ) : projects.isError ? (
        <PlainLoadFailed
          title={t('common.loadFailed')}
          retry={t('common.retry')}
          onRetry={() => void projects.refetch()}
        />
      ) : projects.data.rows.length === 0 ? (
        <PlainEmpty description={t('projects.hall.none')} />
      ) : (
        <div className="ph-list">
          {projects.data.rows.map((p) => (
            <HallProjectCard key={p.id} project={p} statusDict={lookups.statusDict} modelDict={lookups.modelDict} />
          ))}
        </div>
      )}
      <PlainPager
        page={filters.pageNum}
        limit={filters.pageSize}
        total={projects.data?.total ?? 0}
        onChange={(next) => update({ pageNum: next.page, pageSize: next.limit }, true)}
        hrefFor={hrefFor}
      />
    </div>
  );
}
