import { EyeOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { Button, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { useDictOptions } from '@/shared/lib/dict-options';
import { projectColumns } from './project-columns';
import { formatTime } from '@/shared/lib/format';
import { COMPLETION_STATUSES, COMPLETION_URL, type CompletionRow } from '../api/completion';
import { CompletionDrawer } from './completion-detail';

/** What each page of the list offers: its statuses, its permissions, the step its detail takes. */
const PAGES = {
  contract: {
    statuses: COMPLETION_STATUSES,
    initial: undefined,
    read: [Perm.selection.contract.list, Perm.selection.contract.query],
    export: [Perm.selection.contract.export],
    testId: 'contracts-page',
  },
  acceptance: {
    statuses: ['contracted', 'accepted', 'completed'],
    initial: 'contracted',
    read: [Perm.bid.acceptance.list, Perm.bid.acceptance.query],
    export: [Perm.bid.acceptance.export],
    testId: 'acceptance-page',
  },
} as const;

/** The row waits for the page's step: a confirmed award for its contract, a contract for its acceptance. */
const isDue = (step: 'contract' | 'acceptance', r: CompletionRow) =>
  step === 'contract' ? r.status === 'awarded' && r.winnerStatus === 'confirmed' : r.status === 'contracted';

/**
 * The projects from the award on, in the caller's scope: `mandraw/improve` (the owner records
 * each confirmed award's contract) and `bidmanager/bidys` (the owner records the acceptance of a
 * contracted project; opened on the contracted ones).
 */
export function CompletionList({ step }: { step: 'contract' | 'acceptance' }) {
  const { t } = useTranslation();
  const page = PAGES[step];
  const projectStatuses = useDictOptions('project_status');
  const applicationStatuses = useDictOptions('application_status');
  const feeStatuses = useDictOptions('fee_status');
  const conclusions = useDictOptions('acceptance_conclusion');
  const records = useRecordList<CompletionRow>(COMPLETION_URL, {
    initialFilter: page.initial ? { status: page.initial } : undefined,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const statusOptions = projectStatuses.options.filter((o) => (page.statuses as readonly string[]).includes(o.value));

  const columns: TableColumnsType<CompletionRow> = [
    ...projectColumns<CompletionRow>(t),
    {
      key: 'winner',
      title: t('completion.field.winner'),
      render: (_, r) =>
        r.winnerName ? (
          <Space orientation="vertical" size={0}>
            <span>{r.winnerName}</span>
            <DictTag options={applicationStatuses.dict} value={r.winnerStatus} />
          </Space>
        ) : null,
    },
    {
      key: 'award',
      title: t('completion.field.award'),
      align: 'right',
      render: (_, r) => (r.awardFen === null ? '' : formatYuan(r.awardFen)),
    },
    {
      key: 'status',
      title: t('completion.field.status'),
      render: (_, r) => <DictTag options={projectStatuses.dict} value={r.status} />,
    },
    { key: 'contractNo', dataIndex: 'contractNo', title: t('completion.contract.number') },
    {
      key: 'fee',
      title: t('completion.fee.amount'),
      render: (_, r) =>
        r.feeFen === null ? null : (
          <Space orientation="vertical" size={0}>
            <span>{formatYuan(r.feeFen)}</span>
            <DictTag options={feeStatuses.dict} value={r.feeStatus} />
          </Space>
        ),
    },
    {
      key: 'acceptance',
      title: t('completion.acceptance.section'),
      render: (_, r) => <DictTag options={conclusions.dict} value={r.acceptance} />,
    },
    { key: 'awardedAt', title: t('completion.field.awardedAt'), render: (_, r) => formatTime(r.awardedAt) },
  ];

  return (
    <ListFrame testId={page.testId}>
      <RecordList<CompletionRow>
        records={records}
        rowKey="projectId"
        search={
          <>
            <TextFilter name="keyword" label={t('completion.filter.keyword')} width={200} maxLength={100} />
            <SelectFilter
              name="status"
              label={t('completion.field.status')}
              width={140}
              options={statusOptions}
              initialValue={page.initial}
            />
          </>
        }
        exportAs={{ permissions: page.export, fileName: 'completion.xlsx' }}
        columns={columns}
        fixedActions
        rowActions={(r) => (
          <Authorized permissions={page.read}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(r.projectId)}>
              {isDue(step, r) ? t(`completion.action.${step}`) : t('completion.action.view')}
            </Button>
          </Authorized>
        )}
      />
      <CompletionDrawer projectId={viewing} step={step} onClose={() => setViewing(null)} />
    </ListFrame>
  );
}
