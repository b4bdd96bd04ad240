import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Table, Tag, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { useColumnVisibility } from '@/shared/components/column-settings';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import { RequestError } from '@/shared/lib/request';
import {
  cleanQuery,
  confirmAction,
  formatTime,
  localiseTree,
  mutate,
  toTreeData,
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
import { statusOptions } from '@/shared/lib/list';

const URL = '/api/system/roles';
/** system/role and manager/arole are the same page; either page's permissions open a call. */
const perm = (action: string) => [`system:role:${action}`, `manager:arole:${action}`];

interface RoleRow {
  id: number;
  roleKey: string;
  name: string;
  types: number;
  orderNum: number;
  dataScope: string;
  status: string;
  remark: string | null;
  createdAt: string;
}

interface RoleForm {
  roleKey: string;
  name: string;
  types: number;
  orderNum: number;
  dataScope: '1' | '3' | '4' | '5';
  status: '0' | '1';
  remark?: string;
}

const DATA_SCOPES = ['1', '4', '3', '5'] as const;

function allKeys(nodes: LocalTreeNode[]): number[] {
  return nodes.flatMap((n) => [n.id, ...allKeys(n.children ?? [])]);
}

/** Ids whose whole subtree is in `ids`: what the checkable tree shows as checked. */
function leafChecked(nodes: LocalTreeNode[], ids: Set<number>): number[] {
  return nodes.flatMap((n) => {
    if (!n.children?.length) return ids.has(n.id) ? [n.id] : [];
    return leafChecked(n.children, ids);
  });
}

export default function RolesPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<Record<string, string>>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  // On phones the search form starts folded (the toolbar's search button opens it).
  const [showSearch, setShowSearch] = useState(() => !mobile);
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const query = cleanQuery(filter);
  const list = usePagedList<RoleRow>(URL, query, page);
  const refresh = () => invalidate(URL, '/api/system/menu');

  const cols = useColumnVisibility([
    { key: 'name', label: t('roles.name'), visible: true },
    { key: 'roleKey', label: t('roles.roleKey'), visible: true },
    { key: 'types', label: t('roles.types'), visible: true },
    { key: 'dataScope', label: t('roles.dataScope'), visible: !mobile },
    { key: 'orderNum', label: t('admin.orderNum'), visible: !mobile },
    { key: 'status', label: t('admin.status'), visible: true },
    { key: 'createdAt', label: t('admin.createdAt'), visible: !mobile },
  ]);

  const columns: TableColumnsType<RoleRow> = [
    { key: 'name', dataIndex: 'name', title: t('roles.name') },
    { key: 'roleKey', dataIndex: 'roleKey', title: t('roles.roleKey') },
    {
      key: 'types',
      dataIndex: 'types',
      title: t('roles.types'),
      render: (v: number) => (
        <Tag color={v === 1 ? 'green' : 'blue'}>{t(v === 1 ? 'roles.suppliers' : 'roles.backOffice')}</Tag>
      ),
    },
    {
      key: 'dataScope',
      dataIndex: 'dataScope',
      title: t('roles.dataScope'),
      render: (v: string) => t(`roles.scope${v}`),
    },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('admin.orderNum') },
    {
      key: 'status',
      title: t('admin.status'),
      render: (_, row) => (
        <StatusSwitch
          status={row.status}
          name={row.name}
          permissions={perm('edit')}
          onChange={async (status) => {
            await mutate('PUT', `${URL}/${row.id}/status`, { status });
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
          <Authorized permissions={perm('edit')}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
              {t('common.edit')}
            </Button>
          </Authorized>
          <Authorized permissions={perm('remove')}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmAction(t('admin.confirmDelete', { name: row.name }), async () => {
                  await mutate('DELETE', `${URL}/${row.id}`);
                  await refresh();
                })
              }
            >
              {t('admin.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId="roles-page">
      <SearchForm
        form={searchForm}
        hidden={!showSearch}
        onSearch={(v) => {
          setFilter(v);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilter({});
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="name" label={t('roles.name')}>
          <Input allowClear style={{ width: 160 }} placeholder={t('roles.name')} />
        </Form.Item>
        <Form.Item name="roleKey" label={t('roles.roleKey')}>
          <Input allowClear style={{ width: 160 }} placeholder={t('roles.roleKey')} />
        </Form.Item>
        <Form.Item name="types" label={t('roles.types')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('roles.types')} options={typeOptions(t)} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('admin.status')} options={statusOptions(t)} />
        </Form.Item>
      </SearchForm>
      <Toolbar
        onRefresh={refresh}
        onToggleSearch={() => setShowSearch((s) => !s)}
        columns={cols.columns}
        onToggleColumn={cols.setVisible}
      >
        <AddButton permissions={perm('add')} onClick={() => setEditing('new')} />
        <ExportButton permissions={perm('export')} url={URL} query={query} fileName={'roles.xlsx'} />
      </Toolbar>
      <Table<RoleRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns.filter((c) => c.key === 'actions' || cols.isVisible(String(c.key)))}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
      <RoleDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await refresh();
        }}
      />
    </ListFrame>
  );
}

function typeOptions(t: (key: string) => string) {
  return [
    { value: 0, label: t('roles.backOffice') },
    { value: 1, label: t('roles.suppliers') },
  ];
}

function RoleDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: RoleRow | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<RoleForm>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [halfChecked, setHalfChecked] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const open = editing !== null;
  const isNew = editing === 'new';
  const types = Form.useWatch('types', form) ?? (editing && editing !== 'new' ? editing.types : 0);
  const menus = useData<ServerTreeNode[]>('/api/system/menus/tree', { types }, open);
  const tree = useMemo(() => localiseTree(menus.data, i18n.language), [menus.data, i18n.language]);
  const editingId = editing && editing !== 'new' ? editing.id : null;
  const detail = useData<RoleRow & { menuIds: number[] }>(`${URL}/${editingId ?? 0}`, {}, editingId !== null);

  // Show the granted entries once both the role and the tree are known.
  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    if (isNew) {
      setChecked([]);
      setHalfChecked([]);
    } else if (detail.data && tree.length) {
      const ids = new Set(detail.data.menuIds);
      const leaves = leafChecked(tree, ids);
      setChecked(leaves);
      setHalfChecked(detail.data.menuIds.filter((id) => !leaves.includes(id)));
    }
  }, [open, isNew, detail.data, tree]);

  async function save(values: RoleForm) {
    const body = {
      ...values,
      remark: values.remark?.trim() || undefined,
      menuIds: [...new Set([...checked, ...halfChecked])],
    };
    setBusy(true);
    setRefusal(null);
    try {
      if (isNew) await mutate('POST', URL, body);
      else if (editingId) await mutate('PUT', `${URL}/${editingId}`, body);
      await onSaved();
    } catch (error) {
      // e.g. the grant ceiling: one cannot grant what one does not hold. Keep it on screen.
      if (error instanceof RequestError) {
        // A 403 toasts the generic catalogue text; the server's own reason is in the body.
        const body = error.body as { msg?: unknown } | undefined;
        setRefusal(typeof body?.msg === 'string' && body.msg ? body.msg : error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  const initial: Partial<RoleForm> =
    editing && editing !== 'new'
      ? {
          roleKey: editing.roleKey,
          name: editing.name,
          types: editing.types,
          orderNum: editing.orderNum,
          dataScope: editing.dataScope as RoleForm['dataScope'],
          status: editing.status === '1' ? '1' : '0',
          remark: editing.remark ?? '',
        }
      : { types: 0, orderNum: 0, dataScope: '5', status: '0' };

  return (
    <Modal
      open={open}
      title={isNew ? t('roles.addTitle') : t('roles.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={720}
    >
      {refusal ? (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="role-refusal" />
      ) : null}
      <Form<RoleForm>
        form={form}
        name="role"
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={save}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('roles.name')}
              rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }, { max: 50 }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="roleKey"
              label={t('roles.roleKey')}
              rules={[
                { required: true, message: t('roles.roleKeyRule') },
                { pattern: /^[a-z][a-z0-9_]{1,49}$/, message: t('roles.roleKeyRule') },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="types" label={t('roles.types')}>
              <Select
                options={typeOptions(t)}
                onChange={() => {
                  setChecked([]);
                  setHalfChecked([]);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dataScope" label={t('roles.dataScope')}>
              <Select options={DATA_SCOPES.map((v) => ({ value: v, label: t(`roles.scope${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="orderNum" label={t('admin.orderNum')}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('admin.status')}>
              <Radio.Group options={statusOptions(t)} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('roles.menus')}>
              <Space style={{ marginBottom: 8 }}>
                <Button size="small" onClick={() => setExpanded(allKeys(tree))}>
                  {t('admin.expandAll')}
                </Button>
                <Button size="small" onClick={() => setExpanded([])}>
                  {t('admin.collapseAll')}
                </Button>
              </Space>
              <div
                className="admin-grant-tree"
                data-testid="role-menu-tree"
                style={{
                  maxHeight: 320,
                  overflow: 'auto',
                  border: '1px solid var(--ant-color-border, #d9d9d9)',
                  borderRadius: 6,
                  padding: 8,
                }}
              >
                <Tree
                  checkable
                  treeData={toTreeData(tree)}
                  checkedKeys={checked}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys as number[])}
                  onCheck={(keys, info) => {
                    setChecked((Array.isArray(keys) ? keys : keys.checked) as number[]);
                    setHalfChecked((info.halfCheckedKeys ?? []) as number[]);
                  }}
                />
              </div>
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('admin.remark')}>
              <Input.TextArea rows={2} maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
