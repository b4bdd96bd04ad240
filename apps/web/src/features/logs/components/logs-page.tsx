import { EyeOutlined } from '@ant-design/icons';
import type { operationLogRow, signinLogRow } from '@lvb/contracts/reference';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Descriptions, Tabs, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DateRangeFilter, SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { DetailDrawer, RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { textColumns, timeColumn } from '@/shared/components/list-kit/list-parts';
import { formatTime, useData } from '@/shared/lib/list';

const OPS_URL = '/api/base/logs/operations';
const SIGNINS_URL = '/api/base/logs/signins';

type OperationRow = WireOf<typeof operationLogRow>;
type SigninRow = WireOf<typeof signinLogRow>;

/** base/log: the operation log and the sign-in log, each filtered and exported. */
export default function LogsPage() {
  const { t } = useTranslation();
  return (
    <ListFrame testId="logs-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'operations', label: t('logs.operations'), children: <Operations /> },
          { key: 'signins', label: t('logs.signins'), children: <Signins /> },
        ]}
      />
    </ListFrame>
  );
}

function LogList<T extends { id: number }>({
  testId,
  url,
  exportName,
  fields,
  columns,
  rowActions,
}: {
  testId: string;
  url: string;
  exportName: string;
  fields: ReactNode;
  columns: TableColumnsType<T>;
  rowActions?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const records = useRecordList<T>(url);
  return (
    <div data-testid={testId}>
      <RecordList<T>
        records={records}
        search={
          <>
            {fields}
            <DateRangeFilter label={t('logs.range')} />
          </>
        }
        exportAs={{ permissions: ['base:log:export'], fileName: exportName }}
        columns={columns}
        rowActions={rowActions}
      />
    </div>
  );
}

function resultOptions(t: (k: string) => string) {
  return [
    { value: '0', label: t('logs.success') },
    { value: '1', label: t('logs.failure') },
  ];
}
function ResultTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return status === '0' ? <Tag color="success">{t('logs.success')}</Tag> : <Tag color="error">{t('logs.failure')}</Tag>;
}

function Operations() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  return (
    <>
      <LogList<OperationRow>
        testId="operation-log"
        url={OPS_URL}
        exportName="operation-log.xlsx"
        fields={
          <>
            <TextFilter name="title" label={t('logs.title')} width={180} maxLength={200} />
            <TextFilter name="userName" label={t('logs.userName')} width={150} maxLength={50} />
            <SelectFilter name="status" label={t('logs.result')} options={resultOptions(t)} />
            <SelectFilter
              name="method"
              label={t('logs.method')}
              options={['POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, label: m }))}
            />
          </>
        }
        columns={[
          ...textColumns<OperationRow>({
            title: t('logs.title'),
            method: t('logs.method'),
            path: t('logs.path'),
            userName: t('logs.userName'),
            ip: t('logs.ip'),
          }),
          {
            key: 'status',
            title: t('logs.result'),
            render: (_, r) =>
              r.errorMsg ? (
                <Tooltip title={r.errorMsg}>
                  <span>
                    <ResultTag status={r.status} />
                  </span>
                </Tooltip>
              ) : (
                <ResultTag status={r.status} />
              ),
          },
          { key: 'durationMs', dataIndex: 'durationMs', title: t('logs.duration') },
          timeColumn('createdAt', t('logs.time')),
        ]}
        rowActions={(r) => (
          <Authorized permissions={['base:log:query']}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setShown(r.id)}>
              {t('admin.detail')}
            </Button>
          </Authorized>
        )}
      />
      <OperationDetail id={shown} onClose={() => setShown(null)} />
    </>
  );
}

/** One entry of the operation log, read from the server, with every field it keeps. */
function OperationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const entry = useData<OperationRow>(`${OPS_URL}/${id ?? 0}`, {}, id !== null);
  const e = entry.data;
  return (
    <DetailDrawer open={id !== null} title={t('logs.detailTitle')} loading={entry.isLoading} onClose={onClose}>
      {e ? (
        <Descriptions column={1} bordered size="small" data-testid="operation-detail">
          <Descriptions.Item label={t('logs.time')}>{formatTime(e.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('logs.userName')}>{e.userName}</Descriptions.Item>
          <Descriptions.Item label={t('logs.kind')}>
            {e.types === null ? '' : t(e.types === 1 ? 'logs.supplier' : 'logs.backOffice')}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.title')}>{e.title}</Descriptions.Item>
          <Descriptions.Item label={t('logs.method')}>{e.method}</Descriptions.Item>
          <Descriptions.Item label={t('logs.path')}>{e.path}</Descriptions.Item>
          <Descriptions.Item label={t('logs.ip')}>{e.ip}</Descriptions.Item>
          <Descriptions.Item label={t('logs.result')}>
            <ResultTag status={e.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.resultCode')}>{e.resultCode}</Descriptions.Item>
          <Descriptions.Item label={t('logs.error')}>{e.errorMsg}</Descriptions.Item>
          <Descriptions.Item label={t('logs.duration')}>{e.durationMs}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </DetailDrawer>
  );
}

function Signins() {
  const { t } = useTranslation();
  const kinds = [
    { value: 0, label: t('logs.backOffice') },
    { value: 1, label: t('logs.supplier') },
  ];
  return (
    <LogList<SigninRow>
      testId="signin-log"
      url={SIGNINS_URL}
      exportName="signin-log.xlsx"
      fields={
        <>
          <TextFilter name="loginName" label={t('logs.loginName')} maxLength={50} />
          <TextFilter name="ip" label={t('logs.ip')} width={150} maxLength={64} />
          <SelectFilter name="status" label={t('logs.result')} options={resultOptions(t)} />
          <SelectFilter name="types" label={t('logs.kind')} width={130} options={kinds} />
        </>
      }
      columns={[
        { key: 'loginName', dataIndex: 'loginName', title: t('logs.loginName') },
        {
          key: 'types',
          title: t('logs.kind'),
          // A refused certificate sign-in may name no account the platform knows.
          render: (_, r) => kinds.find((k) => k.value === r.types)?.label ?? t('logs.unknownAccount'),
        },
        { key: 'method', dataIndex: 'method', title: t('logs.signinMethod') },
        { key: 'ip', dataIndex: 'ip', title: t('logs.ip') },
        { key: 'status', title: t('logs.result'), render: (_, r) => <ResultTag status={r.status} /> },
        { key: 'msg', dataIndex: 'msg', title: t('logs.message') },
        {
          key: 'userAgent',
          dataIndex: 'userAgent',
          title: t('logs.userAgent'),
          ellipsis: true,
          width: 220,
        },
        timeColumn('createdAt', t('logs.time')),
      ]}
    />
  );
}
