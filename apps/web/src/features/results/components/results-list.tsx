import { EyeOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { RESULT_STATUSES } from '@lvb/contracts/results';
import { Button, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { RESULTS_URL, type ResultFilter, type ResultRow, type ResultStatus } from '../api/results-list';
import { PublicLinks, ResultDetailDrawer } from './result-detail';

/**
 * The result pages differ in what they open on and what they let the caller do:
 * - `query` (bidmanager/bidres): every result, read-only, exported to Excel;
 * - `confirm` (mandraw/confirmsign): the owner's results waiting for confirmation and signature;
 * - `audit` (mandraw/audit, manager/proaudit): results waiting for the auditor;
 * - `manage` (mandraw/result): every result with every step the caller's permissions allow, exported;
 * - `publicity` (mandraw/resultpub): results in publicity or awarded, with their public pages.
 */
export type ResultsPreset = 'query' | 'confirm' | 'audit' | 'manage' | 'publicity';

const PRESETS: Record<ResultsPreset, { status?: ResultStatus; actionable: boolean; exportPermission?: string }> = {
  query: { actionable: false, exportPermission: Perm.bid.result.export },
  confirm: { status: 'result_pending', actionable: true },
  audit: { status: 'result_audit', actionable: true },
  manage: { actionable: true, exportPermission: Perm.selection.result.export },
  publicity: { status: 'publicity', actionable: true },
};

/** The tabs of the publicity page. */
const PUBLICITY_TABS = ['publicity', 'awarded'] as const satisfies readonly ResultStatus[];
type PublicityTab = (typeof PUBLICITY_TABS)[number];

export function ResultsList({ preset }: { preset: ResultsPreset }) {
  const { t } = useTranslation();
  const { status: initialStatus, actionable, exportPermission } = PRESETS[preset];
  const publicity = preset === 'publicity';
  const [tab, setTab] = useState<PublicityTab>('publicity');
  const initialFilter: ResultFilter = !publicity && initialStatus ? { status: initialStatus } : {};
  const records = useRecordList<ResultRow, ResultFilter>(RESULTS_URL, {
    initialFilter,
    extraQuery: publicity ? { status: tab } : undefined,
  });
  // A reset goes back to what the page opens on, as the search form's fields do.
  const list = { ...records, reset: () => records.search(initialFilter) };
  const statuses = useDictOptions('project_status');
  const models = useDictOptions('selection_model', true);
  const [viewing, setViewing] = useState<ResultRow | null>(null);

  const columns: TableColumnsType<ResultRow> = [
    {
      key: 'project',
      title: t('results.field.project'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.name}</span>
          <Typography.Text type="secondary">{r.code}</Typography.Text>
        </Space>
      ),
    },
    { key: 'owner', dataIndex: 'ownerName', title: t('results.field.owner') },
    {
      key: 'model',
      title: t('results.field.model'),
      render: (_, r) => <DictTag options={models.dict} value={r.model} />,
    },
    {
      key: 'status',
      title: t('results.field.status'),
      render: (_, r) => <DictTag options={statuses.dict} value={r.status} />,
    },
    { key: 'winner', title: t('results.field.winner'), render: (_, r) => r.winnerName ?? '' },
    {
      key: 'amount',
      title: t('results.field.amount'),
      align: 'right',
      render: (_, r) => (r.amountFen === null ? '' : formatYuan(r.amountFen)),
    },
    {
      key: 'publicity',
      title: t('results.field.publicityEndsAt'),
      render: (_, r) => formatTime(r.publicityEndsAt),
    },
    {
      key: 'objections',
      title: t('results.field.objections'),
      render: (_, r) =>
        r.openObjections > 0 ? (
          <Tag color="warning">{t('results.openObjections', { count: r.openObjections })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('results.noOpenObjection')}</Typography.Text>
        ),
    },
    publicity
      ? {
          key: 'links',
          title: t('results.field.links'),
          render: (_, r) => <PublicLinks projectId={r.projectId} />,
        }
      : {
          key: 'signed',
          title: t('results.field.signed'),
          render: (_, r) =>
            r.confirmedAt && r.hash ? (
              <Space orientation="vertical" size={0}>
                <span>{formatTime(r.confirmedAt)}</span>
                <Tooltip title={r.hash}>
                  <Typography.Text type="secondary" code>
                    {r.hash.slice(0, 12)}…
                  </Typography.Text>
                </Tooltip>
              </Space>
            ) : (
              ''
            ),
        },
  ];

  return (
    <ListFrame testId={`results-${preset}`}>
      {publicity ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key as PublicityTab);
            records.setPage((p) => ({ ...p, page: 1 }));
          }}
          items={PUBLICITY_TABS.map((key) => ({ key, label: t(`results.tab.${key}`) }))}
        />
      ) : null}
      <RecordList<ResultRow, ResultFilter>
        records={list}
        rowKey="projectId"
        search={
          <>
            <TextFilter name="keyword" label={t('results.filter.keyword')} width={200} maxLength={100} />
            {publicity ? null : (
              <SelectFilter
                name="status"
                label={t('results.field.status')}
                width={150}
                initialValue={initialStatus}
                options={statuses.options.filter((o) => (RESULT_STATUSES as readonly string[]).includes(o.value))}
              />
            )}
            <SelectFilter name="model" label={t('results.field.model')} width={190} options={models.options} />
          </>
        }
        exportAs={exportPermission ? { permissions: [exportPermission], fileName: 'results.xlsx' } : undefined}
        columns={columns}
        fixedActions
        rowActions={(r) => (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(r)}>
            {t(actionable ? 'results.open' : 'results.view')}
          </Button>
        )}
      />
      <ResultDetailDrawer row={viewing} actionable={actionable} onClose={() => setViewing(null)} />
    </ListFrame>
  );
}
