import { ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Skeleton, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useHallOptions } from '@/shared/api/hall-options';
import { DictTag } from '@/shared/components/dict-tag';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { DateRangeFilter, searchFilter, SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import type { DictOption } from '@/shared/lib/dict';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime, localName } from '@/shared/lib/format';
import type { Query } from '@/shared/lib/request';
import {
  ownerOptionsQuery,
  PROGRESS_URL,
  progressSummaryQuery,
  type ProgressRow,
  type ProgressSummary,
} from '../api/stats';
import { projectCell, twoLines } from './stats-parts';
import './statistics.css';

/** The search form's values as the list's filter: the overdue box as `overdue=1`. */
function toFilter(values: Record<string, unknown>): Record<string, unknown> {
  const { overdue, ...rest } = values;
  return { ...searchFilter(rest), overdue: overdue ? '1' : undefined };
}

/** How late the step is, in words and with an icon (never by colour alone). */
export function OverdueCell({ row }: { row: ProgressRow }) {
  const { t } = useTranslation();
  if (row.overdueDays > 0) {
    return (
      <Typography.Text type="danger" strong style={{ whiteSpace: 'nowrap' }} data-testid="overdue-days">
        <ExclamationCircleOutlined aria-hidden="true" />{' '}
        {t('statistics.progress.overdueDays', { count: row.overdueDays })}
      </Typography.Text>
    );
  }
  if (!row.nextStep) return <>{t('statistics.none')}</>;
  return (
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
      <ClockCircleOutlined aria-hidden="true" /> {t('statistics.progress.onTime')}
    </Typography.Text>
  );
}

function progressColumns(
  t: TFunction,
  language: string,
  dicts: { status?: DictOption[]; model?: DictOption[] },
): TableColumnsType<ProgressRow> {
  // The progress first (status, since when, what next, how late), then what describes the project:
  // on a narrow screen the table scrolls and what this page is for stays in view.
  return [
    {
      key: 'project',
      title: t('statistics.progress.field.project'),
      // Long names wrap, so the progress columns stay in view on a desktop.
      width: 240,
      render: (_, r) => projectCell(r.name, r.code),
    },
    {
      key: 'status',
      title: t('statistics.progress.field.status'),
      render: (_, r) => <DictTag options={dicts.status} value={r.status} />,
    },
    {
      key: 'stage',
      title: t('statistics.progress.field.stage'),
      render: (_, r) =>
        twoLines(formatTime(r.stageSince), t('statistics.progress.daysInStage', { count: r.daysInStage })),
    },
    {
      key: 'nextStep',
      title: t('statistics.progress.field.nextStep'),
      render: (_, r) =>
        r.nextStep
          ? twoLines(
              t(`statistics.steps.${r.nextStep}`),
              r.nextDueAt ? t('statistics.progress.due', { time: formatTime(r.nextDueAt) }) : null,
            )
          : t('statistics.none'),
    },
    {
      key: 'overdue',
      title: t('statistics.progress.field.overdue'),
      render: (_, r) => <OverdueCell row={r} />,
    },
    { key: 'owner', dataIndex: 'ownerName', title: t('statistics.progress.field.owner') },
    {
      key: 'type',
      title: t('statistics.progress.field.type'),
      render: (_, r) => localName(language, r.typeName, r.typeNameZh),
    },
    {
      key: 'place',
      title: t('statistics.progress.field.place'),
      render: (_, r) => localName(language, r.placeName, r.placeNameZh),
    },
    {
      key: 'model',
      title: t('statistics.progress.field.model'),
      render: (_, r) => <DictTag options={dicts.model} value={r.model} />,
    },
  ];
}

/** The filtered projects counted: in all, overdue, and by status (each status as its tag). */
function SummaryStrip({ filter, statuses }: { filter: Query; statuses?: DictOption[] }) {
  const { t } = useTranslation();
  const summary = useQuery(progressSummaryQuery(filter));
  if (summary.isPending) {
    return (
      <div className="stats-summary" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
      </div>
    );
  }
  if (summary.isError) {
    return <Alert className="stats-summary" type="error" showIcon title={t('statistics.progress.summary.failed')} />;
  }
  const data: ProgressSummary = summary.data;
  return (
    <section
      className="stats-summary"
      aria-label={t('statistics.progress.summary.label')}
      data-testid="progress-summary"
    >
      <span className="stats-summary__figure">
        <span className="stats-summary__label">{t('statistics.progress.summary.total')}</span>
        <strong data-testid="summary-total">{data.total}</strong>
      </span>
      <span className="stats-summary__figure">
        <span className="stats-summary__label">{t('statistics.progress.summary.overdue')}</span>
        {data.overdue > 0 ? (
          <Typography.Text type="danger" strong data-testid="summary-overdue">
            <ExclamationCircleOutlined aria-hidden="true" /> {data.overdue}
          </Typography.Text>
        ) : (
          <strong data-testid="summary-overdue">0</strong>
        )}
      </span>
      <Space size={[6, 6]} wrap>
        {data.byStatus
          .filter((s) => s.count > 0)
          .map((s) => (
            <span key={s.status} className="stats-summary__status">
              <DictTag options={statuses} value={s.status} />
              <strong>{s.count}</strong>
            </span>
          ))}
      </Space>
    </section>
  );
}

/**
 * `seach/bidsc`: every project in the caller's scope with its status, since when, the step it waits
 * for and how late that is; counted above the list, searched and exported with the same filter.
 */
export default function ProgressPage() {
  const { t, i18n } = useTranslation();
  const records = useRecordList<ProgressRow>(PROGRESS_URL);
  const options = useHallOptions();
  const statuses = useDictOptions('project_status');
  const models = useDictOptions('selection_model', true);
  // The owner organisations in the reader's scope (the server answers them to this page's readers).
  const owners = useQuery(ownerOptionsQuery());
  return (
    <ListFrame testId="progress-page">
      <SummaryStrip filter={records.query} statuses={statuses.dict} />
      <RecordList<ProgressRow>
        records={records}
        toFilter={toFilter}
        search={
          <>
            <TextFilter name="keyword" label={t('statistics.progress.filter.keyword')} width={200} maxLength={100} />
            <SelectFilter
              name="typeId"
              label={t('statistics.progress.filter.type')}
              options={options.types.map((x) => ({ value: x.id, label: x.label }))}
              width={140}
            />
            <Form.Item name="placeId" label={t('statistics.progress.filter.place')}>
              <LabelTreeSelect
                options={options.places}
                placeholder={t('statistics.progress.filter.place')}
                style={{ width: 160 }}
              />
            </Form.Item>
            <SelectFilter
              name="model"
              label={t('statistics.progress.filter.model')}
              options={models.options}
              width={170}
            />
            <SelectFilter
              name="status"
              label={t('statistics.progress.filter.status')}
              options={statuses.options}
              width={150}
            />
            <SelectFilter
              name="ownerDeptId"
              label={t('statistics.progress.filter.owner')}
              options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              width={180}
            />
            <DateRangeFilter label={t('statistics.progress.filter.created')} />
            <Form.Item name="overdue" valuePropName="checked">
              <Checkbox>{t('statistics.progress.filter.overdueOnly')}</Checkbox>
            </Form.Item>
          </>
        }
        exportAs={{ permissions: [Perm.stats.progress.export], fileName: 'project-progress.xlsx' }}
        columns={progressColumns(t, i18n.language, { status: statuses.dict, model: models.dict })}
      />
    </ListFrame>
  );
}
