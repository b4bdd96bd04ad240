import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { accountRequestRow, ownerOrganisationRow } from '@lvb/contracts/admin';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Form, Input, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { SelectFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { TextField } from '@/shared/components/list-kit/form-fields';
import { ListFrame, ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { enabledColumn, textColumns, timeColumn } from '@/shared/components/list-kit/list-parts';
import { confirmAction, mutate } from '@/shared/lib/list';
import { EmployeesPage } from '@/features/people/components/employees-page';
import { peopleConfig } from './people-config';

const ORGS_URL = '/api/people/owner-organisations';
const REQUESTS_URL = '/api/people/owner-requests';
const OWNERS_URL = '/api/people/owners';
const config = peopleConfig('owners', 'owner', 'people-owners-page', 'owners.xlsx', 'owner');

type OrgRow = WireOf<typeof ownerOrganisationRow>;
type RequestRow = WireOf<typeof accountRequestRow>;
type RequestStatus = 'pending' | 'approved' | 'rejected';

/** bidperson/yezhu: owners, their organisations and the organisations' account requests. */
export default function OwnersPage() {
  const { t } = useTranslation();
  return (
    <ListFrame testId="owners-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'people', label: t('owners.people'), children: <EmployeesPage config={config} /> },
          { key: 'orgs', label: t('owners.organisations'), children: <Organisations /> },
          { key: 'requests', label: t('owners.requests'), children: <Requests /> },
        ]}
      />
    </ListFrame>
  );
}

function Organisations() {
  const { t } = useTranslation();
  const orgs = useRecordList<OrgRow>(ORGS_URL, { paged: false });
  return (
    <div data-testid="owner-orgs">
      <RecordList<OrgRow>
        records={orgs}
        add={['people:owner:add']}
        columns={[
          ...textColumns<OrgRow>({
            name: t('owners.orgName'),
            leader: t('owners.leader'),
            phone: t('owners.phone'),
            staffCount: t('owners.staffCount'),
          }),
          enabledColumn(t),
          timeColumn('createdAt', t('admin.createdAt')),
        ]}
      />
      <OrgDialog records={orgs} />
    </div>
  );
}

function OrgDialog({ records }: { records: RecordListState<OrgRow> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; leader?: string; phone?: string }>();
  return (
    <FormDialog<{ name: string; leader?: string; phone?: string }>
      open={records.editing !== null}
      title={t('owners.addOrg')}
      form={form}
      name="owner-org"
      width={520}
      onClose={records.close}
      onSubmit={(v) =>
        records.save(undefined, {
          name: v.name.trim(),
          leader: v.leader?.trim() || undefined,
          phone: v.phone?.trim() ?? '',
        })
      }
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
      <TextField name="leader" label={t('owners.leader')} max={50} />
      <Form.Item
        name="phone"
        label={t('owners.phone')}
        rules={[{ pattern: /^[0-9+\-() ]{6,20}$/, message: t('depts.phoneRule') }]}
      >
        <Input maxLength={20} />
      </Form.Item>
    </FormDialog>
  );
}

const STATUS_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

function Requests() {
  const { t } = useTranslation();
  const requests = useRecordList<RequestRow>(REQUESTS_URL, {
    initialFilter: { status: 'pending' },
    // An approval creates the organisation and its owner.
    also: [ORGS_URL, OWNERS_URL],
  });
  const [rejecting, setRejecting] = useState<RequestRow | null>(null);
  const statusText = (s: string) => t(`owners.${s as RequestStatus}`);
  const decide = (r: RequestRow, action: 'approve' | 'reject', body?: object) =>
    mutate('POST', `${REQUESTS_URL}/${r.id}/${action}`, body).then(requests.refresh);

  return (
    <div data-testid="owner-requests">
      <RecordList<RequestRow>
        records={requests}
        searchToggle={false}
        search={
          <SelectFilter
            name="status"
            label={t('owners.requestStatus')}
            width={140}
            initialValue="pending"
            options={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: statusText(s) }))}
          />
        }
        columns={[
          ...textColumns<RequestRow>({
            orgName: t('owners.orgName'),
            departCategory: t('owners.category'),
            contactName: t('owners.contactName'),
            tel: t('owners.phone'),
            loginUid: t('users.loginUid'),
          }),
          {
            key: 'status',
            title: t('owners.requestStatus'),
            render: (_, r) => <Tag color={STATUS_COLOR[r.status as RequestStatus]}>{statusText(r.status)}</Tag>,
          },
          { key: 'reviewNote', dataIndex: 'reviewNote', title: t('owners.reviewNote') },
          timeColumn('createdAt', t('admin.createdAt')),
        ]}
        rowActions={(r) =>
          r.status === 'pending' ? (
            <Authorized permissions={['people:owner:add']}>
              <Button
                type="link"
                size="small"
                icon={<CheckOutlined />}
                onClick={() =>
                  confirmAction(t('owners.confirmApprove', { name: r.orgName }), () => decide(r, 'approve'), false)
                }
              >
                {t('owners.approve')}
              </Button>
              <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(r)}>
                {t('owners.reject')}
              </Button>
            </Authorized>
          ) : null
        }
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('owners.rejectTitle', { name: rejecting?.orgName ?? '' })}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (rejecting) await decide(rejecting, 'reject', { reason });
        }}
      />
    </div>
  );
}
