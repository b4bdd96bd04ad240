import { EyeOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { supplierDetail, supplierRow } from '@lvb/contracts/admin';
import { COMPANY_STATUS, companyWorkflow, type companyStanding } from '@lvb/contracts/company-workflow';
import type { WireOf } from '@lvb/contracts/wire';
import { eventOf, eventsAllowed } from '@lvb/contracts/workflow';
import { Button, Descriptions, Form, Space, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { PasswordField, PhoneField, TextField } from '@/shared/components/list-kit/form-fields';
import { AddButton, ListFrame, ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { DetailDrawer, RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { DeleteLink, enabledColumn, ListTable, textColumns, timeColumn } from '@/shared/components/list-kit/list-parts';
import { useDictOptions } from '@/shared/lib/dict-options';
import { confirmAction, formatTime, mutate, useData, useInvalidate } from '@/shared/lib/list';
import { useSession } from '@/shared/lib/session';

const URL = '/api/manager/suppliers';

type SupplierRow = WireOf<typeof supplierRow>;
type SupplierDetail = WireOf<typeof supplierDetail> & WireOf<typeof companyStanding>;
type SupplierUser = SupplierDetail['users'][number];
interface NewAccount {
  name: string;
  tel: string;
  password: string;
}

export default function SuppliersPage() {
  const { t } = useTranslation();
  const statuses = useDictOptions('company_status');
  const suppliers = useRecordList<SupplierRow>(URL);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [blacklisting, setBlacklisting] = useState<SupplierRow | null>(null);
  const [disabling, setDisabling] = useState<SupplierRow | null>(null);
  const session = useSession();
  const refresh = suppliers.refresh;
  // What the company workflow lets the caller do to a company in its status (the server decides alike).
  const allowed = (r: SupplierRow) => eventsAllowed(companyWorkflow, r.status, session);

  const columns: TableColumnsType<SupplierRow> = [
    ...textColumns<SupplierRow>({
      compName: t('suppliers.compName'),
      creditCode: t('suppliers.creditCode'),
      contactName: t('suppliers.contact'),
      contactTel: t('suppliers.tel'),
    }),
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
      // A blacklisted company is not switched on or off here: its reason shows instead.
      render: (_, r) =>
        r.status === COMPANY_STATUS.blacklisted ? (
          <Space direction="vertical" size={2}>
            <DictTag options={statuses.dict} value={r.status} />
            {r.blacklistReason ? (
              <Typography.Text type="secondary" data-testid="blacklist-reason">
                {t('suppliers.blacklistReason')}: {r.blacklistReason}
              </Typography.Text>
            ) : null}
          </Space>
        ) : (
          <Authorized
            permissions={
              eventOf(companyWorkflow, r.status === COMPANY_STATUS.active ? 'disable' : 'enable').permissions
            }
            fallback={<DictTag options={statuses.dict} value={r.status} />}
          >
            <Switch
              size="small"
              checked={r.status === COMPANY_STATUS.active}
              checkedChildren={t('admin.enabled')}
              unCheckedChildren={t('admin.disabled')}
              aria-label={t('admin.status')}
              // Disabling asks the reason (the workflow requires one); enabling asks to confirm.
              onChange={() =>
                r.status === COMPANY_STATUS.active
                  ? setDisabling(r)
                  : confirmAction(
                      t('admin.confirmEnable', { name: r.compName }),
                      async () => {
                        await mutate('PUT', `${URL}/${r.compId}/status`, { status: COMPANY_STATUS.active });
                        await refresh();
                      },
                      false,
                    )
              }
            />
          </Authorized>
        ),
    },
    timeColumn('createdAt', t('admin.createdAt')),
  ];

  const rowActions = (r: SupplierRow) => (
    <>
      <Authorized permissions={['manager:user:query']}>
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetailId(r.compId)}>
          {t('admin.detail')}
        </Button>
      </Authorized>
      {allowed(r).includes('lift_blacklist') ? (
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
      ) : null}
      {allowed(r).includes('blacklist') ? (
        <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => setBlacklisting(r)}>
          {t('suppliers.blacklist')}
        </Button>
      ) : null}
    </>
  );

  return (
    <ListFrame testId="suppliers-page">
      <RecordList<SupplierRow>
        records={suppliers}
        rowKey="compId"
        search={
          <>
            <TextFilter name="compName" label={t('suppliers.compName')} width={200} />
            <TextFilter name="creditCode" label={t('suppliers.creditCode')} width={200} maxLength={18} />
            <TextFilter name="tel" label={t('suppliers.tel')} width={150} />
            <SelectFilter name="status" label={t('admin.status')} width={130} options={statuses.options} />
            <SelectFilter
              name="incomplete"
              label={t('suppliers.completeness')}
              width={150}
              options={[
                { value: 'true', label: t('suppliers.incomplete') },
                { value: 'false', label: t('suppliers.complete') },
              ]}
            />
          </>
        }
        exportAs={{ permissions: ['manager:user:export'], fileName: 'suppliers.xlsx' }}
        columns={columns}
        rowActions={rowActions}
      />
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
      <ReasonDialog
        open={disabling !== null}
        title={t('admin.confirmDisable', { name: disabling?.compName ?? '' })}
        onCancel={() => setDisabling(null)}
        onSubmit={async (reason) => {
          if (!disabling) return;
          await mutate('PUT', `${URL}/${disabling.compId}/status`, { status: COMPANY_STATUS.disabled, reason });
          setDisabling(null);
          await refresh();
        }}
      />
      <SupplierDrawer id={detailId} onClose={() => setDetailId(null)} />
    </ListFrame>
  );
}

function SupplierDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const statuses = useDictOptions('company_status');
  const invalidate = useInvalidate();
  const detail = useData<SupplierDetail>(`${URL}/${id ?? 0}`, {}, id !== null);
  const [adding, setAdding] = useState(false);
  const c = detail.data;
  // The list shows each company's number of accounts.
  const refresh = () => invalidate(URL);
  return (
    <DetailDrawer open={id !== null} onClose={onClose} title={t('suppliers.detailTitle')} loading={detail.isLoading}>
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
              <DictTag options={statuses.dict} value={c.status} />
            </Descriptions.Item>
            {c.statusReason ? (
              <Descriptions.Item
                label={t(c.status === COMPANY_STATUS.blacklisted ? 'suppliers.blacklistReason' : 'admin.reason')}
              >
                {c.statusReason}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('admin.createdAt')}>{formatTime(c.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16, marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('suppliers.users')}
            </Typography.Title>
            <AddButton permissions={['manager:user:add']} onClick={() => setAdding(true)} />
          </Space>
          <ListTable<SupplierUser>
            rowKey="userId"
            size="small"
            list={{ data: c.users, isFetching: detail.isFetching, isError: detail.isError }}
            columns={[
              ...textColumns<SupplierUser>({ name: t('users.name'), tel: t('users.tel') }),
              enabledColumn(t),
              timeColumn('createdAt', t('admin.createdAt')),
              {
                key: 'actions',
                title: t('admin.actions'),
                render: (_, u) => (
                  <DeleteLink
                    permissions={['manager:user:remove']}
                    name={u.tel ?? u.name}
                    onDelete={async () => {
                      await mutate('DELETE', `${URL}/${c.compId}/users/${u.userId}`);
                      await refresh();
                    }}
                  />
                ),
              },
            ]}
          />
          <AccountDialog
            company={adding ? c : null}
            onClose={() => setAdding(false)}
            onSubmit={async (body) => {
              await mutate('POST', `${URL}/${c.compId}/users`, body);
              await refresh();
            }}
          />
        </div>
      ) : null}
    </DetailDrawer>
  );
}

/** Another account of a supplier company: a name, the phone it signs in with, a first password. */
function AccountDialog({
  company,
  onClose,
  onSubmit,
}: {
  company: SupplierDetail | null;
  onClose: () => void;
  onSubmit: (body: NewAccount) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewAccount>();
  return (
    <FormDialog<NewAccount>
      open={company !== null}
      title={t('suppliers.addUserTitle', { name: company?.compName ?? '' })}
      form={form}
      name="supplier-user"
      width={520}
      onClose={onClose}
      onSubmit={(v) => onSubmit({ name: v.name.trim(), tel: v.tel.trim(), password: v.password })}
    >
      <TextField name="name" label={t('users.name')} required={t('users.nameRequired')} max={50} />
      <PhoneField required />
      <PasswordField label={t('users.password')} />
    </FormDialog>
  );
}
