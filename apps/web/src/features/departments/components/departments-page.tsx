import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { LabelTreeSelect, labelMatches, type TreeOption } from '@/shared/components/label-tree-select';
import { useIsMobile } from '@/shared/lib/app-state';
import {
  buildTree,
  cleanQuery,
  confirmAction,
  formatTime,
  mutate,
  useData,
  useInvalidate,
} from '@/shared/lib/list';
import { AddButton, ListFrame, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { statusOptions } from '@/shared/lib/list';

const URL = '/api/system/depts';
const TREE_URL = '/api/system/depts/tree';
const perm = (action: string) => [`system:dept:${action}`];

interface DeptRow {
  id: number;
  parentId: number | null;
  ancestors: string;
  name: string;
  kind: string;
  leader: string | null;
  phone: string | null;
  orderNum: number;
  status: string;
  createdAt: string;
}
type DeptNode = DeptRow & { children?: DeptNode[] };

interface DeptForm {
  parentId: number;
  name: string;
  kind: 'organisation' | 'department';
  leader?: string;
  phone?: string;
  orderNum: number;
  status: '0' | '1';
}

function allIds(nodes: readonly DeptNode[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...allIds(n.children)] : []));
}

export default function DepartmentsPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<Record<string, string>>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [showSearch, setShowSearch] = useState(() => !mobile);
  const [editing, setEditing] = useState<Partial<DeptRow> | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);

  const list = useData<DeptRow[]>(URL, cleanQuery(filter));
  const tree = useMemo(() => buildTree(list.data ?? []) as DeptNode[], [list.data]);
  // Expanded by default; the user's choice wins afterwards.
  const expandedKeys = expanded ?? allIds(tree);
  const refresh = () => invalidate(URL, TREE_URL);

  const columns: TableColumnsType<DeptNode> = [
    { key: 'name', dataIndex: 'name', title: t('depts.name'), width: 260 },
    {
      key: 'kind',
      title: t('depts.kind'),
      render: (_, r) =>
        r.kind === 'organisation' ? <Tag color="blue">{t('depts.organisation')}</Tag> : t('depts.department'),
    },
    { key: 'leader', dataIndex: 'leader', title: t('depts.leader') },
    { key: 'phone', dataIndex: 'phone', title: t('depts.phone') },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('admin.orderNum') },
    {
      key: 'status',
      title: t('admin.status'),
      render: (_, r) => (
        <Tag color={r.status === '0' ? 'success' : 'error'}>
          {r.status === '0' ? t('admin.enabled') : t('admin.disabled')}
        </Tag>
      ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('admin.createdAt'), render: (v: string) => formatTime(v) },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, r) => (
        <Space size={0} wrap>
          {r.parentId !== null ? (
            <Authorized permissions={perm('edit')}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
                {t('common.edit')}
              </Button>
            </Authorized>
          ) : null}
          <Authorized permissions={perm('add')}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: r.id })}>
              {t('admin.add')}
            </Button>
          </Authorized>
          {r.parentId !== null ? (
            <Authorized permissions={perm('remove')}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmAction(t('admin.confirmDelete', { name: r.name }), async () => {
                    await mutate('DELETE', `${URL}/${r.id}`);
                    await refresh();
                  })
                }
              >
                {t('admin.delete')}
              </Button>
            </Authorized>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId="depts-page">
      <SearchForm
        form={searchForm}
        hidden={!showSearch}
        onSearch={(v) => {
          setExpanded(null);
          setFilter({ name: v.name?.trim(), status: v.status });
        }}
        onReset={() => {
          setExpanded(null);
          setFilter({});
        }}
      >
        <Form.Item name="name" label={t('depts.name')}>
          <Input allowClear placeholder={t('depts.name')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('admin.status')} options={statusOptions(t)} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={refresh} onToggleSearch={() => setShowSearch((s) => !s)}>
        <AddButton permissions={perm('add')} onClick={() => setEditing({ parentId: tree[0]?.id })} />
        <Button onClick={() => setExpanded(expandedKeys.length ? [] : allIds(tree))}>
          {expandedKeys.length ? t('admin.collapseAll') : t('admin.expandAll')}
        </Button>
      </Toolbar>
      <Table<DeptNode>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      {editing ? (
        <DeptDialog
          key={editing.id ?? `new-${editing.parentId}`}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}
    </ListFrame>
  );
}

function DeptDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Partial<DeptRow> | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeptForm>();
  const [busy, setBusy] = useState(false);
  // Parents come from the whole tree, whatever the list's filter.
  const all = useData<DeptRow[]>(URL, {}, editing !== null);
  const rows = useMemo(() => all.data ?? [], [all.data]);
  const isNew = !editing?.id;

  // A department cannot move under itself or one of its descendants.
  const parents: TreeOption[] = useMemo(() => {
    const self = editing?.id;
    const allowed = rows.filter(
      (r) => self === undefined || (r.id !== self && !`,${r.ancestors},`.includes(`,${self},`)),
    );
    const toOption = (n: DeptNode): TreeOption => ({ id: n.id, label: n.name, children: n.children?.map(toOption) });
    return (buildTree(allowed) as DeptNode[]).map(toOption);
  }, [rows, editing?.id]);

  async function save(v: DeptForm) {
    const body = {
      parentId: v.parentId,
      name: v.name.trim(),
      kind: v.kind,
      leader: v.leader?.trim() || undefined,
      phone: v.phone?.trim() ?? '',
      orderNum: v.orderNum ?? 0,
      status: v.status,
    };
    setBusy(true);
    try {
      if (isNew) await mutate('POST', URL, body);
      else await mutate('PUT', `${URL}/${editing?.id}`, body);
      await onSaved();
    } catch {
      // the server's message is shown by the request wrapper
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={editing !== null}
      title={isNew ? t('depts.addTitle') : t('depts.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={640}
    >
      <Form<DeptForm>
        form={form}
        name="dept"
        layout="vertical"
        preserve={false}
        onFinish={save}
        initialValues={{
          parentId: editing?.parentId ?? undefined,
          name: editing?.name,
          kind: editing?.kind === 'organisation' ? 'organisation' : 'department',
          leader: editing?.leader ?? undefined,
          phone: editing?.phone ?? undefined,
          orderNum: editing?.orderNum ?? 0,
          status: editing?.status === '1' ? '1' : '0',
        }}
      >
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="parentId"
              label={t('depts.parent')}
              rules={[{ required: true, message: t('depts.parentRequired') }]}
            >
              <LabelTreeSelect
                options={parents}
                treeDefaultExpandAll
                filterTreeNode={(input, node) => labelMatches((node as { label?: unknown }).label, input)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('depts.name')}
              rules={[{ required: true, whitespace: true, message: t('depts.nameRequired') }, { max: 100 }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('depts.kind')}>
              <Radio.Group
                options={[
                  { value: 'department', label: t('depts.department') },
                  { value: 'organisation', label: t('depts.organisation') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="leader" label={t('depts.leader')} rules={[{ max: 50 }]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('depts.phone')}
              rules={[{ pattern: /^[0-9+\-() ]{6,20}$/, message: t('depts.phoneRule') }]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="orderNum" label={t('admin.orderNum')} rules={[{ required: true }]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('admin.status')}>
              <Radio.Group options={statusOptions(t)} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
