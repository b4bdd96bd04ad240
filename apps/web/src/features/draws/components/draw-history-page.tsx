import { Perm } from '@lvb/contracts/permissions';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { formatTime } from '@/shared/lib/format';
import { PICKS_URL, type DrawnRow } from '../api/draws';
import { projectCell, statusCell, useDrawDicts, type DrawDicts } from './draw-parts';

function historyColumns(t: TFunction, dicts: DrawDicts): TableColumnsType<DrawnRow> {
  return [
    { key: 'project', title: t('draws.field.project'), render: (_, r) => projectCell(r.projectName, r.projectCode) },
    { key: 'drawnAt', title: t('draws.field.drawnAt'), render: (_, r) => formatTime(r.drawnAt) },
    { key: 'rank', title: t('draws.field.rank'), render: (_, r) => t('draws.rankValue', { rank: r.rank + 1 }) },
    { key: 'company', dataIndex: 'companyName', title: t('draws.field.company') },
    {
      key: 'status',
      title: t('draws.field.status'),
      render: (_, r) => statusCell(dicts.picks.dict, r.status, r.statusReason),
    },
    { key: 'askedAt', title: t('draws.field.askedAt'), render: (_, r) => formatTime(r.askedAt) },
    { key: 'deadline', title: t('draws.field.deadline'), render: (_, r) => formatTime(r.deadline) },
    { key: 'answeredAt', title: t('draws.field.answeredAt'), render: (_, r) => formatTime(r.answeredAt) },
  ];
}

/**
 * `marwsup/cbsselected`: the draw history of the pool: every contractor a draw asked, with its
 * answer, searched by project or company and exported.
 */
export default function DrawHistoryPage() {
  const { t } = useTranslation();
  const dicts = useDrawDicts();
  const records = useRecordList<DrawnRow>(PICKS_URL);
  return (
    <ListFrame testId="draw-history-page">
      <RecordList<DrawnRow>
        records={records}
        search={<TextFilter name="keyword" label={t('draws.history.keyword')} width={220} maxLength={100} />}
        exportAs={{ permissions: [Perm.pool.drawn.export], fileName: 'draw-history.xlsx' }}
        columns={historyColumns(t, dicts)}
      />
    </ListFrame>
  );
}
