import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { cleanQuery, confirmAction, formatTime, mutate, useData, useInvalidate, usePagedList } from '@/shared/lib/list';
import { AddButton, ReasonDialog, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { EmployeesPage } from '@/features/people/components/employees-page';
import { peopleConfig } from './people-config';

const ORGS_URL = '/api/people/owner-organisations';
const REQUESTS_URL = '/api/people/owner-requests';
const OWNERS_URL = '/api/people/owners';
const config = peopleConfig('owners', 'owner', 'people-owners-page', 'owners.xlsx', 'owner');

interface OrgRow {
  id: number;
  name: string;
  leader: string | null;
  phone: string | null;
  status: string;
  staffCount: number;
  createdAt: string;
}
interface RequestRow {
  id: number;
  orgName: string;
  departCategory: string;
  contactName: string;
  tel: string;
  loginUid: string;
  status: 'pending' | 'approved' | 'rejected';
  reviewNote: string | null;
  createdAt: string;
}

/** bidperson/yezhu: owners, their organisations and the organisations' account requests. */
export default function OwnersPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card admin-page" data-testid="owners-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'people', label: t('owners.people'), children: <EmployeesPage config={config} /> },
          { key: 'orgs', label: t('owners.organisations'), children: <Organisations /> },
          { key: 'requests', label: t('owners.requests'), children: <Requests /> },
        ]}
      />
    </Card>
  );
}

function Organisations() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const orgs = useData<OrgRow[]>(ORGS_URL);
  const [adding, setAdding] = useState(false);
  return (
    <div data-testid="owner-orgs">
      <Toolbar onRefresh={() => invalidate(ORGS_URL)}>
        <AddButton permissions={['people:owner:add']} onClick={() => setAdding(true)} />
      </Toolbar>
      <Table<OrgRow>
        rowKey="id"
        size="middle"
        loading={orgs.isFetching}
        dataSource={orgs.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: orgs.isError ? t('common.loadFailed') : t('common.empty') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('owners.orgName') },
          { key: 'leader', dataIndex: 'leader', title: t('owners.leader') },
          { key: 'phone', dataIndex: 'phone', title: t('owners.phone') },
          { key: 'staffCount', dataIndex: 'staffCount', title: t('owners.staffCount') },
          {
            key: 'status',
            title: t('admin.status'),
            render: (_, r) => (r.status === '0' ? t('admin.enabled') : t('admin.disabled')),
          },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('admin.createdAt'),
            render: (v: string) => formatTime(v),
          },
        ]}
      />
      {adding ? (
        <OrgDialog
          onClose={() => setAdding(false)}
          onSaved={async () => {
            setAdding(false);
            await invalidate(ORGS_URL);
          }}
        />
      ) : null}
    </div>
  );
}

function OrgDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; leader?: string; phone?: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('owners.addOrg')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <Form
        form={form}
        name="owner-org"
        layout="vertical"
        onFinish={async (v) => {
          setBusy(true);
          try {
            await mutate('POST', ORGS_URL, {
              name: v.name.trim(),
              leader: v.leader?.trim() || undefined,
              phone: v.phone?.trim() ?? '',
            });
            await onSaved();
          } catch {
            // shown by the request wrapper
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="name"
          label={t('owners.orgName')}
          rules={[
            { required: true, whitespace: true, message: t('owners.orgNameRule') },
            { min: 2, message: t('owners.orgNameRule') },
            { max: 100 },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="leader" label={t('owners.leader')} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('owners.phone')}
          rules={[{ pattern: /^[0-9+\-() ]{6,20}$/, message: t('depts.phoneRule') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const STATUS_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

function Requests() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<{ status?: string }>();
  const [filter, setFilter] = useState<Record<string, unknown>>({ status: 'pending' });
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [rejecting, setRejecting] = useState<RequestRow | null>(null);
  const list = usePagedList<RequestRow>(REQUESTS_URL, cleanQuery(filter), page);
  const refresh = () => invalidate(REQUESTS_URL, ORGS_URL, OWNERS_URL);
  const statusText = (s: RequestRow['status']) => t(`owners.${s}`);

  return (
    <div data-testid="owner-requests">
      <SearchForm
        form={searchForm}
        onSearch={(v) => {
          setFilter({ status: v.status });
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilter({});
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="status" label={t('owners.requestStatus')} initialValue="pending">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('owners.requestStatus')}
            options={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: statusText(s) }))}
          />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={refresh} />
      <Table<RequestRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
        columns={[
          { key: 'orgName', dataIndex: 'orgName', title: t('owners.orgName') },
          { key: 'departCategory', dataIndex: 'departCategory', title: t('owners.category') },
          { key: 'contactName', dataIndex: 'contactName', title: t('owners.contactName') },
          { key: 'tel', dataIndex: 'tel', title: t('owners.phone') },
          { key: 'loginUid', dataIndex: 'loginUid', title: t('users.loginUid') },
          {
            key: 'status',
            title: t('owners.requestStatus'),
            render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{statusText(r.status)}</Tag>,
          },
          { key: 'reviewNote', dataIndex: 'reviewNote', title: t('owners.reviewNote') },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('admin.createdAt'),
            render: (v: string) => formatTime(v),
          },
          {
            key: 'actions',
            title: t('admin.actions'),
            render: (_, r) =>
              r.status === 'pending' ? (
                <Authorized permissions={['people:owner:add']}>
                  <Space size={0} wrap>
                    <Button
                      type="link"
                      size="small"
                      icon={<CheckOutlined />}
                      onClick={() =>
                        confirmAction(
                          t('owners.confirmApprove', { name: r.orgName }),
                          async () => {
                            await mutate('POST', `${REQUESTS_URL}/${r.id}/approve`);
                            await refresh();
                          },
                          false,
                        )
                      }
                    >
                      {t('owners.approve')}
                    </Button>
                    <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(r)}>
                      {t('owners.reject')}
                    </Button>
                  </Space>
                </Authorized>
              ) : null,
          },
        ]}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
      <ReasonDialog
        open={rejecting !== null}
        title={t('owners.rejectTitle', { name: rejecting?.orgName ?? '' })}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          await mutate('POST', `${REQUESTS_URL}/${rejecting.id}/reject`, { reason });
          setRejecting(null);
          await refresh();
        }}
      />
    </div>
  );
}
