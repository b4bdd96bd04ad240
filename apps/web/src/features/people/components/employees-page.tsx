import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import type { ownerOrganisationRow } from '@lvb/contracts/admin';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Card, Col, Form, Input, Row, Select, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { useColumnVisibility } from '@/shared/components/column-settings';
import { LabelTreeSelect, labelMatches } from '@/shared/components/label-tree-select';
import { DateRangeFilter, SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { PasswordField, PhoneField, TextField } from '@/shared/components/list-kit/form-fields';
import { DeleteSelectedButton, ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { EditLink, switchColumn, textColumns, timeColumn } from '@/shared/components/list-kit/list-parts';
import { useLabelTree } from '@/shared/components/tree-table';
import { useIsMobile } from '@/shared/lib/app-state';
import { confirmAction, mutate, statusOptions, toTreeData, useData, type LocalTreeNode } from '@/shared/lib/list';
import { usePermission } from '@/shared/lib/permission';
import { DEPT_TREE_URL, ROLE_OPTIONS_URL, type EmployeeRow, type RoleOption } from '../api/employees';

/**
 * How one employee list differs: system/user and manager/auser edit any back-office account with
 * roles and department; the bidperson pages edit the people of one function (spec DESIGN §6).
 */
export interface EmployeesConfig {
  testId: string;
  /** List URL; the others are `${url}/:id`, `/status`, `/password`, `/export`. */
  url: string;
  exportName: string;
  /** Permission strings per action (any of). */
  perms: { add: string[]; edit: string[]; remove: string[]; export: string[]; resetPwd: string[] };
  /** 'roles': department and role pickers; 'staff': guarantee staff or finance; 'owner': organisation; 'none'. */
  placement: 'roles' | 'staff' | 'owner' | 'none';
  /** Left-side department tree filter. */
  deptFilter: boolean;
}

interface FormValues {
  loginUid: string;
  name: string;
  tel?: string;
  deptId?: number;
  roleIds?: number[];
  roleKey?: string;
  status: '0' | '1';
  password?: string;
}

function filterTree(nodes: LocalTreeNode[], text: string): LocalTreeNode[] {
  if (!text.trim()) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    if (labelMatches(n.label, text)) return [n];
    return children.length ? [{ ...n, children }] : [];
  });
}

export function EmployeesPage({ config }: { config: EmployeesConfig }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { hasPermission } = usePermission();
  const [deptId, setDeptId] = useState<number | undefined>();
  const employees = useRecordList<EmployeeRow>(config.url, { extraQuery: { deptId } });
  const [resetting, setResetting] = useState<EmployeeRow | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [treeText, setTreeText] = useState('');

  const needsDepts = config.deptFilter || config.placement === 'roles';
  const deptTree = useLabelTree(DEPT_TREE_URL, {}, needsDepts);
  const deptLabel = t(config.placement === 'owner' ? 'people.organisation' : 'users.dept');

  const cols = useColumnVisibility([
    { key: 'loginUid', label: t('users.loginUid'), visible: true },
    { key: 'name', label: t('users.name'), visible: true },
    { key: 'deptName', label: deptLabel, visible: true },
    { key: 'tel', label: t('users.tel'), visible: true },
    { key: 'roles', label: t('users.roles'), visible: config.placement !== 'none' },
    { key: 'status', label: t('admin.status'), visible: true },
    { key: 'createdAt', label: t('admin.createdAt'), visible: !mobile },
  ]);

  const columns: TableColumnsType<EmployeeRow> = [
    ...textColumns<EmployeeRow>({
      loginUid: t('users.loginUid'),
      name: t('users.name'),
      deptName: deptLabel,
      tel: t('users.tel'),
    }),
    { key: 'roles', title: t('users.roles'), render: (_, row) => row.roles.map((r) => r.roleName).join(', ') },
    switchColumn(t, {
      permissions: config.perms.edit,
      name: (r) => r.loginUid,
      url: (r) => `${config.url}/${r.userId}`,
      onChanged: employees.refresh,
    }),
    timeColumn('createdAt', t('admin.createdAt')),
  ];

  const remove = (ids: number[], name: string) =>
    confirmAction(t('admin.confirmDelete', { name }), async () => {
      await employees.remove(ids);
      setSelected([]);
    });
  const rows = Array.isArray(employees.list.data) ? [] : (employees.list.data?.rows ?? []);

  const table = (
    <RecordList<EmployeeRow>
      records={employees}
      rowKey="userId"
      search={
        <>
          <TextFilter name="loginUid" label={t('users.loginUid')} />
          <TextFilter name="name" label={t('users.name')} width={140} />
          <TextFilter name="tel" label={t('users.tel')} width={150} />
          <SelectFilter name="status" label={t('admin.status')} options={statusOptions(t)} />
          <DateRangeFilter label={t('admin.createdAt')} />
        </>
      }
      onReset={() => setDeptId(undefined)}
      add={config.perms.add}
      actions={
        <DeleteSelectedButton
          permissions={config.perms.remove}
          count={selected.length}
          onClick={() =>
            remove(
              selected,
              rows
                .filter((r) => selected.includes(r.userId))
                .map((r) => r.loginUid)
                .join(', '),
            )
          }
        />
      }
      exportAs={{ permissions: config.perms.export, fileName: config.exportName }}
      columns={columns}
      columnSettings={cols}
      fixedActions
      rowSelection={
        hasPermission(config.perms.remove)
          ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
          : undefined
      }
      rowActions={(row) => (
        <>
          <EditLink permissions={config.perms.edit} onClick={() => void employees.openRecord(row.userId)} />
          <Authorized permissions={config.perms.resetPwd}>
            <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(row)}>
              {t('users.resetPwd')}
            </Button>
          </Authorized>
          <Authorized permissions={config.perms.remove}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.userId], row.loginUid)}
            >
              {t('admin.delete')}
            </Button>
          </Authorized>
        </>
      )}
    />
  );

  return (
    <ListFrame testId={config.testId}>
      {config.deptFilter ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={5}>
            <Card size="small" className="admin-tree-card">
              <Input.Search
                allowClear
                placeholder={t('users.deptFilter')}
                onChange={(e) => setTreeText(e.target.value)}
                style={{ marginBottom: 8 }}
              />
              <Tree
                blockNode
                defaultExpandAll
                key={`${deptTree.length}-${treeText}`}
                treeData={toTreeData(filterTree(deptTree, treeText))}
                selectedKeys={deptId ? [deptId] : []}
                onSelect={(keys) => {
                  setDeptId(keys[0] as number | undefined);
                  employees.setPage((p) => ({ ...p, page: 1 }));
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={19}>
            {table}
          </Col>
        </Row>
      ) : (
        table
      )}
      <EmployeeDialog config={config} records={employees} deptTree={deptTree} />
      <ResetPasswordDialog row={resetting} url={config.url} onClose={() => setResetting(null)} />
    </ListFrame>
  );
}

type OrgRow = WireOf<typeof ownerOrganisationRow>;

function EmployeeDialog({
  config,
  records,
  deptTree,
}: {
  config: EmployeesConfig;
  records: RecordListState<EmployeeRow>;
  deptTree: LocalTreeNode[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { editing, editedRow } = records;
  const open = editing !== null;
  const isNew = editing === 'new';
  const roles = useData<RoleOption[]>(ROLE_OPTIONS_URL, { types: 0 }, open && config.placement === 'roles');
  const orgs = useData<OrgRow[]>('/api/people/owner-organisations', {}, open && config.placement === 'owner');

  const initial: Partial<FormValues> = editedRow
    ? {
        loginUid: editedRow.loginUid,
        name: editedRow.name,
        tel: editedRow.tel ?? '',
        deptId: editedRow.deptId ?? undefined,
        roleIds: editedRow.roles.map((r) => r.roleId),
        roleKey: editedRow.roles.find((r) => r.roleKey === 'guarantor' || r.roleKey === 'finance')?.roleKey,
        status: editedRow.status === '1' ? '1' : '0',
      }
    : { status: '0', roleIds: [] };

  function save(values: FormValues) {
    const body: Record<string, unknown> = {
      loginUid: values.loginUid.trim(),
      name: values.name.trim(),
      tel: values.tel?.trim() ?? '',
      status: values.status,
    };
    if (config.placement === 'roles') Object.assign(body, { deptId: values.deptId, roleIds: values.roleIds ?? [] });
    if (config.placement === 'staff') body.roleKey = values.roleKey;
    if (config.placement === 'owner') body.deptId = values.deptId;
    if (isNew) body.password = values.password;
    return records.save(editedRow?.userId, body);
  }

  return (
    <FormDialog<FormValues>
      open={open}
      title={isNew ? t('users.addTitle') : t('users.editTitle')}
      form={form}
      name="employee"
      initialValues={initial}
      onClose={records.close}
      onSubmit={save}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="loginUid"
            label={t('users.loginUid')}
            rules={[
              { required: true, message: t('users.loginUidRequired') },
              { pattern: /^[A-Za-z][A-Za-z0-9_]{2,29}$/, message: t('users.loginUidRule') },
            ]}
          >
            <Input maxLength={30} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <TextField name="name" label={t('users.name')} required={t('users.nameRequired')} max={50} />
        </Col>
        <Col xs={24} sm={12}>
          <PhoneField />
        </Col>
        {isNew ? (
          <Col xs={24} sm={12}>
            <PasswordField label={t('users.password')} />
          </Col>
        ) : null}
        {config.placement === 'roles' ? (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                name="deptId"
                label={t('users.dept')}
                rules={[{ required: true, message: t('users.deptRequired') }]}
              >
                <LabelTreeSelect options={deptTree} treeDefaultExpandAll />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="roleIds" label={t('users.roles')}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  loading={roles.isLoading}
                  options={(roles.data ?? []).map((r) => ({
                    value: r.roleId,
                    label: r.name,
                    disabled: r.status !== '0',
                  }))}
                />
              </Form.Item>
            </Col>
          </>
        ) : null}
        {config.placement === 'staff' ? (
          <Col xs={24} sm={12}>
            <Form.Item
              name="roleKey"
              label={t('people.staffRole')}
              rules={[{ required: true, message: t('people.staffRoleRequired') }]}
            >
              <Select
                options={[
                  { value: 'guarantor', label: t('people.guarantor') },
                  { value: 'finance', label: t('people.finance') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        {config.placement === 'owner' ? (
          <Col xs={24} sm={12}>
            <Form.Item
              name="deptId"
              label={t('people.organisation')}
              rules={[{ required: true, message: t('people.organisationRequired') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={orgs.isLoading}
                options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('admin.status')}>
            <Select options={statusOptions(t)} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

function ResetPasswordDialog({ row, url, onClose }: { row: EmployeeRow | null; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <FormDialog<{ password: string }>
      open={row !== null}
      title={t('users.resetPwdTitle', { name: row?.loginUid ?? '' })}
      form={form}
      name="reset-password"
      width={520}
      okText={t('common.confirm')}
      onClose={onClose}
      onSubmit={({ password }) => mutate('PUT', `${url}/${row?.userId}/password`, { password })}
    >
      <PasswordField label={t('users.newPassword')} extra={t('users.resetPwdHint')} />
    </FormDialog>
  );
}
