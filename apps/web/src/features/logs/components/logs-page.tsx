import { Card, DatePicker, Form, Input, Select, Table, Tabs, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import { cleanQuery, formatTime, useInvalidate, usePagedList } from '@/shared/lib/list';
import { ExportButton, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import '@/shared/components/list-kit/list-kit.css';

const OPS_URL = '/api/base/logs/operations';
const SIGNINS_URL = '/api/base/logs/signins';
const EXPORT = ['base:log:export'];

interface OperationRow {
  id: number;
  userName: string | null;
  title: string;
  method: string;
  path: string;
  ip: string | null;
  status: string;
  resultCode: number;
  errorMsg: string | null;
  durationMs: number;
  createdAt: string;
}
interface SigninRow {
  id: number;
  loginName: string;
  types: number;
  method: string;
  ip: string | null;
  userAgent: string | null;
  status: string;
  msg: string;
  createdAt: string;
}

type Range = [{ format: (f: string) => string }, { format: (f: string) => string }] | null | undefined;

/** Turns the search values into the query: the date range becomes beginTime / endTime (YYYY-MM-DD). */
function toFilter(values: Record<string, unknown> & { range?: Range }): Record<string, unknown> {
  const { range, ...rest } = values;
  const [from, to] = range ?? [];
  return {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])),
    beginTime: from?.format('YYYY-MM-DD'),
    endTime: to?.format('YYYY-MM-DD'),
  };
}

/** base/log: the operation log and the sign-in log, each filtered and exported. */
export default function LogsPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card admin-page" data-testid="logs-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'operations', label: t('logs.operations'), children: <Operations /> },
          { key: 'signins', label: t('logs.signins'), children: <Signins /> },
        ]}
      />
    </Card>
  );
}

function useLogList<T>(url: string) {
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [showSearch, setShowSearch] = useState(() => !mobile);
  const query = cleanQuery(filter);
  const list = usePagedList<T>(url, query, page);
  return { form, setFilter, page, setPage, showSearch, setShowSearch, query, list, refresh: () => invalidate(url) };
}

function LogList<T extends { id: number }>({
  testId,
  url,
  exportName,
  fields,
  columns,
}: {
  testId: string;
  url: string;
  exportName: string;
  fields: ReactNode;
  columns: TableColumnsType<T>;
}) {
  const { t } = useTranslation();
  const s = useLogList<T>(url);
  return (
    <div data-testid={testId}>
      <SearchForm
        form={s.form}
        hidden={!s.showSearch}
        onSearch={(v) => {
          s.setFilter(toFilter(v as Record<string, unknown>));
          s.setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          s.setFilter({});
          s.setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        {fields}
        <Form.Item name="range" label={t('logs.range')}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={s.refresh} onToggleSearch={() => s.setShowSearch((x) => !x)}>
        <ExportButton permissions={EXPORT} url={url} query={s.query} fileName={exportName} />
      </Toolbar>
      <Table<T>
        rowKey="id"
        size="middle"
        loading={s.list.isFetching}
        dataSource={s.list.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: s.list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...s.page} total={s.list.data?.total ?? 0} onChange={s.setPage} />
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
  return (
    <LogList<OperationRow>
      testId="operation-log"
      url={OPS_URL}
      exportName="operation-log.xlsx"
      fields={
        <>
          <Form.Item name="title" label={t('logs.title')}>
            <Input allowClear placeholder={t('logs.title')} style={{ width: 180 }} maxLength={200} />
          </Form.Item>
          <Form.Item name="userName" label={t('logs.userName')}>
            <Input allowClear placeholder={t('logs.userName')} style={{ width: 150 }} maxLength={50} />
          </Form.Item>
          <Form.Item name="status" label={t('logs.result')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('logs.result')} options={resultOptions(t)} />
          </Form.Item>
          <Form.Item name="method" label={t('logs.method')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('logs.method')}
              options={['POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'title', dataIndex: 'title', title: t('logs.title') },
        { key: 'method', dataIndex: 'method', title: t('logs.method') },
        { key: 'path', dataIndex: 'path', title: t('logs.path') },
        { key: 'userName', dataIndex: 'userName', title: t('logs.userName') },
        { key: 'ip', dataIndex: 'ip', title: t('logs.ip') },
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
        { key: 'createdAt', dataIndex: 'createdAt', title: t('logs.time'), render: (v: string) => formatTime(v) },
      ]}
    />
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
          <Form.Item name="loginName" label={t('logs.loginName')}>
            <Input allowClear placeholder={t('logs.loginName')} style={{ width: 160 }} maxLength={50} />
          </Form.Item>
          <Form.Item name="ip" label={t('logs.ip')}>
            <Input allowClear placeholder={t('logs.ip')} style={{ width: 150 }} maxLength={64} />
          </Form.Item>
          <Form.Item name="status" label={t('logs.result')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('logs.result')} options={resultOptions(t)} />
          </Form.Item>
          <Form.Item name="types" label={t('logs.kind')}>
            <Select allowClear style={{ width: 130 }} placeholder={t('logs.kind')} options={kinds} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'loginName', dataIndex: 'loginName', title: t('logs.loginName') },
        {
          key: 'types',
          title: t('logs.kind'),
          render: (_, r) => kinds.find((k) => k.value === r.types)?.label ?? r.types,
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
        { key: 'createdAt', dataIndex: 'createdAt', title: t('logs.time'), render: (v: string) => formatTime(v) },
      ]}
    />
  );
}
