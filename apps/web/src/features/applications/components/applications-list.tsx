import { EyeOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { timeColumn } from '@/shared/components/list-kit/list-parts';
import { useDictOptions } from '@/shared/lib/dict-options';
import { APPLICATIONS_URL, PENDING_CHECK_URL, type ApplicationRow } from '../api/applications';
import { ApplicationDetailDrawer } from './application-detail';
import { ApplicationDocuments } from './application-documents';
import { useCheckActions } from './check-actions';

/**
 * Applications to the projects in the caller's data scope: all of them, filtered and exported
 * (bidmanager/bidapply), or those waiting for the qualification check (bidmanager/bidcheck).
 */
export function ApplicationsList({ kind }: { kind: 'all' | 'check' }) {
  const { t } = useTranslation();
  const statuses = useDictOptions('application_status');
  const records = useRecordList<ApplicationRow>(kind === 'check' ? PENDING_CHECK_URL : APPLICATIONS_URL);
  const [viewing, setViewing] = useState<number | null>(null);
  const check = useCheckActions();

  const columns: TableColumnsType<ApplicationRow> = [
    {
      key: 'project',
      title: t('applications.field.project'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <span>{a.projectName}</span>
          <Typography.Text type="secondary">{a.projectCode}</Typography.Text>
        </Space>
      ),
    },
    { key: 'companyName', dataIndex: 'companyName', title: t('applications.field.company') },
    {
      key: 'contact',
      title: t('applications.field.contactName'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <span>{a.contactName}</span>
          <Typography.Text type="secondary">{a.contactTel}</Typography.Text>
        </Space>
      ),
    },
    { key: 'guaranteeLetterNo', dataIndex: 'guaranteeLetterNo', title: t('applications.field.guaranteeLetterNo') },
    {
      key: 'documents',
      title: t('applications.field.documents'),
      render: (_, a) => <ApplicationDocuments documents={a.documents} />,
    },
    {
      key: 'status',
      title: t('applications.field.status'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <DictTag options={statuses.dict} value={a.status} />
          {a.statusReason ? <Typography.Text type="secondary">{a.statusReason}</Typography.Text> : null}
        </Space>
      ),
    },
    timeColumn('createdAt', t('applications.field.appliedAt')),
    ...(kind === 'all' ? [timeColumn<ApplicationRow>('checkedAt', t('applications.field.checkedAt'))] : []),
  ];

  return (
    <ListFrame testId={kind === 'check' ? 'application-check-page' : 'applications-page'}>
      <RecordList<ApplicationRow>
        records={records}
        search={
          <>
            <TextFilter name="project" label={t('applications.filter.project')} width={200} maxLength={100} />
            <TextFilter name="company" label={t('applications.filter.company')} width={200} maxLength={100} />
            {kind === 'all' ? (
              <SelectFilter
                name="status"
                label={t('applications.field.status')}
                width={140}
                options={statuses.options}
              />
            ) : null}
          </>
        }
        exportAs={kind === 'all' ? { permissions: ['bid:apply:export'], fileName: 'applications.xlsx' } : undefined}
        columns={columns}
        fixedActions
        rowActions={(a) => (
          <>
            <Authorized permissions={['bid:apply:query', 'bid:check:list']}>
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(a.id)}>
                {t('applications.action.view')}
              </Button>
            </Authorized>
            {kind === 'check' ? check.buttons(a, 'small') : null}
          </>
        )}
      />
      <ApplicationDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      {check.dialog}
    </ListFrame>
  );
}
