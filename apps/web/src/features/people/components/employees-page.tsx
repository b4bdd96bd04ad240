import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Table, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { useColumnVisibility } from '@/shared/components/column-settings';
import { LabelTreeSelect, labelMatches } from '@/shared/components/label-tree-select';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import { usePermission } from '@/shared/lib/permission';
import { isPhone, isStrongPassword } from '@/shared/lib/validation';
import {
  cleanQuery,
  confirmAction,
  statusOptions,
  formatTime,
  localiseTree,
  toTreeData,
  mutate,
  useData,
  useInvalidate,
  usePagedList,
  type LocalTreeNode,
  type ServerTreeNode,
} from '@/shared/lib/list';
import {
  AddButton,
  ExportButton,
  ListFrame,
  SearchForm,
  StatusSwitch,
  Toolbar,
} from '@/shared/components/list-kit/list-frame';
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
  /** Extra content under the list (the owners page adds organisations and requests). */
  extra?: ReactNode;
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

interface SearchValues {
  loginUid?: string;
  name?: string;
  tel?: string;
  status?: '0' | '1';
  range?: [{ format: (f: string) => string }, { format: (f: string) => string }] | null;
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
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const { hasPermission } = usePermission();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<SearchValues>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [deptId, setDeptId] = useState<number | undefined>();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  // On phones the search form starts folded (the toolbar's search button opens it).
  const [showSearch, setShowSearch] = useState(() => !mobile);
  const [editing, setEditing] = useState<EmployeeRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<EmployeeRow | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [treeText, setTreeText] = useState('');

  const query = cleanQuery({ ...filter, deptId });
  const list = usePagedList<EmployeeRow>(config.url, query, page);
  const needsDepts = config.deptFilter || config.placement === 'roles';
  const depts = useData<ServerTreeNode[]>(DEPT_TREE_URL, {}, needsDepts);
  const deptTree = useMemo(() => localiseTree(depts.data, i18n.language), [depts.data, i18n.language]);

  const cols = useColumnVisibility([
    { key: 'loginUid', label: t('users.loginUid'), visible: true },
    { key: 'name', label: t('users.name'), visible: true },
    { key: 'deptName', label: t(config.placement === 'owner' ? 'people.organisation' : 'users.dept'), visible: true },
    { key: 'tel', label: t('users.tel'), visible: true },
    { key: 'roles', label: t('users.roles'), visible: config.placement !== 'none' },
    { key: 'status', label: t('admin.status'), visible: true },
    { key: 'createdAt', label: t('admin.createdAt'), visible: !mobile },
  ]);

  const refresh = () => invalidate(config.url);

  const columns: TableColumnsType<EmployeeRow> = [
    { key: 'loginUid', dataIndex: 'loginUid', title: t('users.loginUid') },
    { key: 'name', dataIndex: 'name', title: t('users.name') },
    {
      key: 'deptName',
      dataIndex: 'deptName',
      title: t(config.placement === 'owner' ? 'people.organisation' : 'users.dept'),
    },
    { key: 'tel', dataIndex: 'tel', title: t('users.tel') },
    { key: 'roles', title: t('users.roles'), render: (_, row) => row.roles.map((r) => r.roleName).join(', ') },
    {
      key: 'status',
      title: t('admin.status'),
      render: (_, row) => (
        <StatusSwitch
          status={row.status}
          name={row.loginUid}
          permissions={config.perms.edit}
          onChange={async (status) => {
            await mutate('PUT', `${config.url}/${row.userId}/status`, { status });
            await refresh();
          }}
        />
      ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('admin.createdAt'), render: (v: string) => formatTime(v) },
    {
      key: 'actions',
      title: t('admin.actions'),
      fixed: mobile ? undefined : 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Authorized permissions={config.perms.edit}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
              {t('common.edit')}
            </Button>
          </Authorized>
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
        </Space>
      ),
    },
  ];

  function remove(ids: number[], name: string) {
    confirmAction(t('admin.confirmDelete', { name }), async () => {
      await mutate('DELETE', `${config.url}/${ids.join(',')}`);
      setSelected([]);
      await refresh();
    });
  }

  function search(values: SearchValues) {
    const [from, to] = values.range ?? [];
    setFilter({
      loginUid: values.loginUid,
      name: values.name,
      tel: values.tel,
      status: values.status,
      beginTime: from?.format('YYYY-MM-DD'),
      endTime: to?.format('YYYY-MM-DD'),
    });
    setPage((p) => ({ ...p, page: 1 }));
  }

  const table = (
    <>
      <SearchForm
        form={searchForm}
        hidden={!showSearch}
        onSearch={search}
        onReset={() => {
          setFilter({});
          setDeptId(undefined);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="loginUid" label={t('users.loginUid')}>
          <Input allowClear placeholder={t('users.loginUid')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="name" label={t('users.name')}>
          <Input allowClear placeholder={t('users.name')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="tel" label={t('users.tel')}>
          <Input allowClear placeholder={t('users.tel')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('admin.status')} options={statusOptions(t)} />
        </Form.Item>
        <Form.Item name="range" label={t('admin.createdAt')}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
      </SearchForm>
      <Toolbar
        onRefresh={refresh}
        onToggleSearch={() => setShowSearch((s) => !s)}
        columns={cols.columns}
        onToggleColumn={cols.setVisible}
      >
        <AddButton permissions={config.perms.add} onClick={() => setEditing('new')} />
        <Authorized permissions={config.perms.remove}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() => {
              const rows = (list.data?.rows ?? []).filter((r) => selected.includes(r.userId));
              remove(selected, rows.map((r) => r.loginUid).join(', '));
            }}
          >
            {t('admin.delete')}
          </Button>
        </Authorized>
        <ExportButton permissions={config.perms.export} url={config.url} query={query} fileName={config.exportName} />
      </Toolbar>
      <Table<EmployeeRow>
        rowKey="userId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns.filter((c) => c.key === 'actions' || cols.isVisible(String(c.key)))}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={
          hasPermission(config.perms.remove)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
    </>
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
                  setPage((p) => ({ ...p, page: 1 }));
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
      {config.extra}
      <EmployeeDialog
        config={config}
        editing={editing}
        deptTree={deptTree}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await refresh();
        }}
      />
      <ResetPasswordDialog row={resetting} url={config.url} onClose={() => setResetting(null)} />
    </ListFrame>
  );
}

interface OrgRow {
  id: number;
  name: string;
}

function EmployeeDialog({
  config,
  editing,
  deptTree,
  onClose,
  onSaved,
}: {
  config: EmployeesConfig;
  editing: EmployeeRow | 'new' | null;
  deptTree: LocalTreeNode[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const open = editing !== null;
  const isNew = editing === 'new';
  const roles = useData<RoleOption[]>(ROLE_OPTIONS_URL, { types: 0 }, open && config.placement === 'roles');
  const orgs = useData<OrgRow[]>('/api/people/owner-organisations', {}, open && config.placement === 'owner');

  const initial: Partial<FormValues> =
    editing && editing !== 'new'
      ? {
          loginUid: editing.loginUid,
          name: editing.name,
          tel: editing.tel ?? '',
          deptId: editing.deptId ?? undefined,
          roleIds: editing.roles.map((r) => r.roleId),
          roleKey: editing.roles.find((r) => r.roleKey === 'guarantor' || r.roleKey === 'finance')?.roleKey,
          status: editing.status === '1' ? '1' : '0',
        }
      : { status: '0', roleIds: [] };

  async function save(values: FormValues) {
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
    setBusy(true);
    try {
      if (isNew) await mutate('POST', config.url, body);
      else if (editing) await mutate('PUT', `${config.url}/${editing.userId}`, body);
      await onSaved();
    } catch {
      // the server's message is shown by the request wrapper
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={isNew ? t('users.addTitle') : t('users.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={640}
    >
      <Form<FormValues>
        form={form}
        name="employee"
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={save}
        className="admin-dialog-form"
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
            <Form.Item
              name="name"
              label={t('users.name')}
              rules={[{ required: true, whitespace: true, message: t('users.nameRequired') }, { max: 50 }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="tel"
              label={t('users.tel')}
              rules={[
                {
                  validator: (_, v: string | undefined) =>
                    !v || isPhone(v) ? Promise.resolve() : Promise.reject(new Error(t('users.telRule'))),
                },
              ]}
            >
              <Input maxLength={11} />
            </Form.Item>
          </Col>
          {isNew ? (
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={t('users.password')}
                rules={[
                  { required: true, message: t('users.passwordRule') },
                  {
                    validator: (_, v: string | undefined) =>
                      !v || isStrongPassword(v)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('users.passwordRule'))),
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={64} />
              </Form.Item>
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
      </Form>
    </Modal>
  );
}

function ResetPasswordDialog({ row, url, onClose }: { row: EmployeeRow | null; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={row !== null}
      title={t('users.resetPwdTitle', { name: row?.loginUid ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        name="reset-password"
        layout="vertical"
        preserve={false}
        onFinish={async ({ password }) => {
          if (!row) return;
          setBusy(true);
          try {
            await mutate('PUT', `${url}/${row.userId}/password`, { password });
            onClose();
          } catch {
            // shown by the request wrapper
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="password"
          label={t('users.newPassword')}
          extra={t('users.resetPwdHint')}
          rules={[
            { required: true, message: t('users.passwordRule') },
            {
              validator: (_, v: string | undefined) =>
                !v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('users.passwordRule'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
