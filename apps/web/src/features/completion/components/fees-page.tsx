import { EyeOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { Button, Space, Typography } from 'antd';
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
import { FEES_URL, type FeeRow } from '../api/fees';
import { CompletionDrawer } from './completion-detail';
import { useFeeDecision } from './fee-decision';

/**
 * `mandraw/fee`: the service fees of the awards (the owner's projects; every fee for finance), with
 * the voucher the winner uploaded and finance's confirmation or rejection of it.
 */
export default function FeesPage() {
  const { t } = useTranslation();
  const statuses = useDictOptions('fee_status');
  const records = useRecordList<FeeRow>(FEES_URL);
  const decision = useFeeDecision();
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: TableColumnsType<FeeRow> = [
    ...projectColumns<FeeRow>(t),
    { key: 'companyName', dataIndex: 'companyName', title: t('completion.field.winner') },
    { key: 'award', title: t('completion.fee.award'), align: 'right', render: (_, f) => formatYuan(f.awardFen) },
    { key: 'fee', title: t('completion.fee.amount'), align: 'right', render: (_, f) => formatYuan(f.feeFen) },
    {
      key: 'status',
      title: t('completion.fee.status'),
      render: (_, f) => (
        <Space orientation="vertical" size={0}>
          <DictTag options={statuses.dict} value={f.status} />
          {f.status === 'rejected' && f.rejectReason ? (
            <Typography.Text type="secondary">{f.rejectReason}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: 'voucherAt', title: t('completion.fee.voucherAt'), render: (_, f) => formatTime(f.voucherAt) },
    { key: 'decidedAt', title: t('completion.fee.decidedAt'), render: (_, f) => formatTime(f.decidedAt) },
  ];

  return (
    <ListFrame testId="fees-page">
      <RecordList<FeeRow>
        records={records}
        search={
          <>
            <TextFilter name="keyword" label={t('completion.filter.keyword')} width={200} maxLength={100} />
            <SelectFilter name="status" label={t('completion.fee.status')} width={150} options={statuses.options} />
          </>
        }
        exportAs={{ permissions: [Perm.selection.fee.list], fileName: 'service-fees.xlsx' }}
        columns={columns}
        fixedActions
        rowActions={(f) => (
          <>
            <Authorized permissions={[Perm.selection.fee.list]}>
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(f.projectId)}>
                {t('completion.action.view')}
              </Button>
            </Authorized>
            {decision.buttons(f, 'small')}
          </>
        )}
      />
      <CompletionDrawer
        projectId={viewing}
        step="fee"
        onClose={() => setViewing(null)}
        feeActions={(d) => (d.fee ? decision.buttons({ ...d.fee, name: d.name }) : null)}
      />
      {decision.dialog}
    </ListFrame>
  );
}
