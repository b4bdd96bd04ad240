import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';
import { useDictOptions } from '@/shared/lib/dict-options';
import { useDict } from '@/shared/lib/dict';
import { parseInstant } from '@/shared/lib/instant';
import type { HallProject } from '@/shared/api/hall-projects';
import { hallProjectsQuery, type HallFilters } from '../api/hall';
import { useHallOptions } from '@/shared/api/hall-options';
import { FilterSelect, KeywordSearch, numberParam, UrlPagedResults, useUrlSearch } from './url-list';
import '@/shared/styles/listings.css';

const STATUSES = ['all', 'open', 'closed'] as const;
const SORTS = ['published', 'deadline', 'budget'] as const;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

/** Reads the hall filters from the URL query, so a filtered hall can be shared as a link. */
function filtersFrom({ params, page }: ReturnType<typeof useUrlSearch>): HallFilters {
  return {
    keyword: params.get('keyword') ?? undefined,
    typeId: numberParam(params.get('typeId')),
    placeId: numberParam(params.get('placeId')),
    model: numberParam(params.get('model')),
    status: oneOf(STATUSES, params.get('status')) ?? 'all',
    sort: oneOf(SORTS, params.get('sort')) ?? 'published',
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? 'desc',
    ...page,
  };
}

export function HallProjectCard({ project }: { project: HallProject }) {
  const { t, i18n } = useTranslation();
  const models = useDict('selection_model');
  const statuses = useDict('project_status');
  const open = project.status === 'published' && parseInstant(project.bidDeadline).getTime() > Date.now();
  return (
    <Link to={`/iteminfo?id=${project.id}`} className="hall-card" data-testid="hall-project">
      <div className="hall-card__head">
        <span className="hall-card__name">{project.name}</span>
        <span className="hall-card__budget">{formatMoney(project.budget)}</span>
      </div>
      <div className="hall-card__tags">
        <Space size={4} wrap>
          <DictTag options={statuses.data} value={project.status} />
          {open ? <Tag color="green">{t('projects.hall.open')}</Tag> : null}
          <Tag>{localName(i18n.language, project.typeName, project.typeNameZh)}</Tag>
          <DictTag options={models.data} value={String(project.model)} />
          {project.guaranteeRequired ? <Tag color="gold">{t('projects.field.guaranteeRequired')}</Tag> : null}
        </Space>
      </div>
      <div className="hall-card__meta">
        <span>
          {t('projects.field.code')}: {project.code}
        </span>
        <span>
          {t('projects.field.owner')}: {project.ownerName}
        </span>
        <span>
          {t('projects.field.place')}: {localName(i18n.language, project.placeName, project.placeNameZh)}
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

/** The project hall (public `/hall` and the supplier's `web/hall`): search, filters, sorting, paging. */
export function HallList() {
  const { t } = useTranslation();
  const search = useUrlSearch();
  const { update } = search;
  const filters = filtersFrom(search);
  const options = useHallOptions();
  const models = useDictOptions('selection_model', true);
  const projects = useQuery(hallProjectsQuery(filters));

  return (
    <div>
      <div className="hall-filters" role="search">
        <KeywordSearch
          key={filters.keyword ?? ''}
          keyword={filters.keyword}
          onSearch={(keyword) => update({ keyword })}
          placeholder={t('projects.hall.keywordPlaceholder')}
          enterButton={<SearchOutlined aria-label={t('projects.search')} />}
        />
        <FilterSelect
          label={t('projects.field.type')}
          value={filters.typeId}
          onChange={(v) => update({ typeId: v })}
          options={options.types.map((o) => ({ value: o.id, label: o.label }))}
        />
        <LabelTreeSelect
          options={options.places}
          value={filters.placeId}
          onChange={(v?: number) => update({ placeId: v })}
          placeholder={t('projects.field.place')}
          aria-label={t('projects.field.place')}
        />
        <FilterSelect
          label={t('projects.field.model')}
          value={filters.model}
          onChange={(v) => update({ model: v })}
          options={models.options}
        />
        <Select
          value={filters.status}
          onChange={(v: string) => update({ status: v === 'all' ? undefined : v })}
          options={STATUSES.map((s) => ({ value: s, label: t(`projects.hall.status.${s}`) }))}
          aria-label={t('projects.hall.statusFilter')}
        />
        <Select
          value={`${filters.sort}:${filters.order}`}
          onChange={(v: string) => {
            const [sort, order] = v.split(':');
            update({ sort, order });
          }}
          options={SORTS.flatMap((s) =>
            (['desc', 'asc'] as const).map((o) => ({ value: `${s}:${o}`, label: t(`projects.hall.sort.${s}_${o}`) })),
          )}
          aria-label={t('projects.hall.sortBy')}
        />
        <Button onClick={search.reset}>{t('common.reset')}</Button>
      </div>
      <UrlPagedResults query={projects} search={search} emptyText={t('projects.hall.none')}>
        {(rows) => (
          <div className="hall-list">
            {rows.map((p) => (
              <HallProjectCard key={p.id} project={p} />
            ))}
          </div>
        )}
      </UrlPagedResults>
    </div>
  );
}
