import { EyeOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import { dictLabel, useDict } from '@/shared/lib/dict';
import { cleanQuery, confirmAction, formatTime, mutate, useData, useInvalidate, usePagedList } from '@/shared/lib/list';
import {
  ExportButton,
  ListFrame,
  ReasonDialog,
  SearchForm,
  StatusSwitch,
  Toolbar,
} from '@/shared/components/list-kit/list-frame';

const URL = '/api/manager/suppliers';

interface SupplierRow {
  compId: number;
  compName: string;
  creditCode: string;
  contactName: string | null;
  contactTel: string | null;
  induRegiNo: string | null;
  bankName: string | null;
  accountNo: string | null;
  status: string;
  blacklistReason: string | null;
  complete: boolean;
  userCount: number;
  createdAt: string;
}
interface SupplierUser {
  userId: number;
  name: string;
  tel: string | null;
  status: string;
  createdAt: string;
}

interface SearchValues {
  compName?: string;
  creditCode?: string;
  tel?: string;
  status?: string;
  incomplete?: 'true' | 'false';
}

export default function SuppliersPage() {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const statuses = useDict('company_status');
  const [searchForm] = Form.useForm<SearchValues>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [showSearch, setShowSearch] = useState(() => !mobile);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [blacklisting, setBlacklisting] = useState<SupplierRow | null>(null);

  const query = cleanQuery(filter);
  const list = usePagedList<SupplierRow>(URL, query, page);
  const refresh = () => invalidate(URL);

  const columns: TableColumnsType<SupplierRow> = [
    { key: 'compName', dataIndex: 'compName', title: t('suppliers.compName') },
    { key: 'creditCode', dataIndex: 'creditCode', title: t('suppliers.creditCode') },
    { key: 'contact', dataIndex: 'contactName', title: t('suppliers.contact') },
    { key: 'tel', dataIndex: 'contactTel', title: t('suppliers.tel') },
    {
      key: 'complete',
      title: t('suppliers.completeness'),
      render: (_, r) =>
        r.complete ? (
          <Tag color="success">{t('suppliers.complete')}</Tag>
        ) : (
          <Tag color="warning">{t('suppliers.incomplete')}</Tag>
        ),
    },
    { key: 'userCount', dataIndex: 'userCount', title: t('suppliers.userCount') },
    {
      key: 'status',
      title: t('admin.status'),
      render: (_, r) =>
        r.status === '2' ? (
          <Space direction="vertical" size={2}>
            <DictTag options={statuses.data} value={r.status} />
            {r.blacklistReason ? (
              <Typography.Text type="secondary" data-testid="blacklist-reason">
                {t('suppliers.blacklistReason')}: {r.blacklistReason}
              </Typography.Text>
            ) : null}
          </Space>
        ) : (
          <StatusSwitch
            status={r.status}
            name={r.compName}
            permissions={['manager:user:edit']}
            onChange={async (status) => {
              await mutate('PUT', `${URL}/${r.compId}/status`, { status });
              await refresh();
            }}
          />
        ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('admin.createdAt'), render: (v: string) => formatTime(v) },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, r) => (
        <Space size={0} wrap>
          <Authorized permissions={['manager:user:query']}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetailId(r.compId)}>
              {t('admin.detail')}
            </Button>
          </Authorized>
          <Authorized permissions={['manager:user:blacklist']}>
            {r.status === '2' ? (
              <Button
                type="link"
                size="small"
                icon={<UndoOutlined />}
                onClick={() =>
                  confirmAction(
                    t('suppliers.confirmLift', { name: r.compName }),
                    async () => {
                      await mutate('DELETE', `${URL}/${r.compId}/blacklist`);
                      await refresh();
                    },
                    false,
                  )
                }
              >
                {t('suppliers.lift')}
              </Button>
            ) : (
              <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => setBlacklisting(r)}>
                {t('suppliers.blacklist')}
              </Button>
            )}
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId="suppliers-page">
      <SearchForm
        form={searchForm}
        hidden={!showSearch}
        onSearch={(v) => {
          setFilter({ ...v, compName: v.compName?.trim(), creditCode: v.creditCode?.trim(), tel: v.tel?.trim() });
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilter({});
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="compName" label={t('suppliers.compName')}>
          <Input allowClear placeholder={t('suppliers.compName')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="creditCode" label={t('suppliers.creditCode')}>
          <Input allowClear placeholder={t('suppliers.creditCode')} style={{ width: 200 }} maxLength={18} />
        </Form.Item>
        <Form.Item name="tel" label={t('suppliers.tel')}>
          <Input allowClear placeholder={t('suppliers.tel')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('admin.status')}
            options={(statuses.data ?? []).map((o) => ({ value: o.dictValue, label: dictLabel(o, i18n.language) }))}
          />
        </Form.Item>
        <Form.Item name="incomplete" label={t('suppliers.completeness')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('suppliers.completeness')}
            options={[
              { value: 'true', label: t('suppliers.incomplete') },
              { value: 'false', label: t('suppliers.complete') },
            ]}
          />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={refresh} onToggleSearch={() => setShowSearch((s) => !s)}>
        <ExportButton permissions={['manager:user:export']} url={URL} query={query} fileName={'suppliers.xlsx'} />
      </Toolbar>
      <Table<SupplierRow>
        rowKey="compId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
      <ReasonDialog
        open={blacklisting !== null}
        title={t('suppliers.blacklistTitle', { name: blacklisting?.compName ?? '' })}
        onCancel={() => setBlacklisting(null)}
        onSubmit={async (reason) => {
          if (!blacklisting) return;
          await mutate('PUT', `${URL}/${blacklisting.compId}/blacklist`, { reason });
          setBlacklisting(null);
          await refresh();
        }}
      />
      <SupplierDrawer id={detailId} onClose={() => setDetailId(null)} />
    </ListFrame>
  );
}

function SupplierDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const statuses = useDict('company_status');
  const detail = useData<SupplierRow & { users: SupplierUser[] }>(`${URL}/${id ?? 0}`, {}, id !== null);
  const c = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('suppliers.detailTitle')}
      size={mobile ? undefined : 'large'}
      width={mobile ? '100%' : undefined}
      loading={detail.isLoading}
    >
      {c ? (
        <div data-testid="supplier-detail">
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('suppliers.compName')}>{c.compName}</Descriptions.Item>
            <Descriptions.Item label={t('suppliers.creditCode')}>{c.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t('suppliers.contact')}>{c.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('suppliers.tel')}>{c.contactTel}</Descriptions.Item>
            <Descriptions.Item label={t('suppliers.induRegiNo')}>{c.induRegiNo}</Descriptions.Item>
            <Descriptions.Item label={t('suppliers.bank')}>{c.bankName}</Descriptions.Item>
            <Descriptions.Item label={t('suppliers.accountNo')}>{c.accountNo}</Descriptions.Item>
            <Descriptions.Item label={t('admin.status')}>
              <DictTag options={statuses.data} value={c.status} />
            </Descriptions.Item>
            {c.blacklistReason ? (
              <Descriptions.Item label={t('suppliers.blacklistReason')}>{c.blacklistReason}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('admin.createdAt')}>{formatTime(c.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('suppliers.users')}
          </Typography.Title>
          <Table<SupplierUser>
            rowKey="userId"
            size="small"
            pagination={false}
            dataSource={c.users}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('users.name') },
              { key: 'tel', dataIndex: 'tel', title: t('users.tel') },
              {
                key: 'status',
                title: t('admin.status'),
                render: (_, u) => (u.status === '0' ? t('admin.enabled') : t('admin.disabled')),
              },
              {
                key: 'createdAt',
                dataIndex: 'createdAt',
                title: t('admin.createdAt'),
                render: (v: string) => formatTime(v),
              },
            ]}
          />
        </div>
      ) : null}
    </Drawer>
  );
}
