import type { deptRow } from '@lvb/contracts/admin';
import type { WireOf } from '@lvb/contracts/wire';
import { Col, Form, Input, Radio, Row, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelTreeSelect, labelMatches, type TreeOption } from '@/shared/components/label-tree-select';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { OrderField, StatusField } from '@/shared/components/list-kit/form-fields';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListSearch } from '@/shared/components/list-kit/list-page';
import { useListState } from '@/shared/components/list-kit/list-parts';
import { TreeTablePage, useTreeExpansion } from '@/shared/components/tree-table';
import { buildTree, formatTime, saveRecord, statusOptions, useData, useInvalidate } from '@/shared/lib/list';

const URL = '/api/system/depts';
const TREE_URL = '/api/system/depts/tree';
const perm = (action: string) => [`system:dept:${action}`];

type DeptRow = WireOf<typeof deptRow>;
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

export default function DepartmentsPage() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const search = useListState<Record<string, unknown>>();
  const [editing, setEditing] = useState<Partial<DeptRow> | null>(null);

  const list = useData<DeptRow[]>(URL, search.query);
  const tree = useMemo(() => buildTree(list.data ?? []) as DeptNode[], [list.data]);
  // Expanded by default; the user's choice wins afterwards, until the next search.
  const expansion = useTreeExpansion(tree, 'all');
  const refresh = () => invalidate(URL, TREE_URL);
  const isRoot = (r: DeptNode) => r.parentId === null;

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
  ];

  return (
    <TreeTablePage<DeptNode>
      testId="depts-page"
      tree={tree}
      list={list}
      expansion={expansion}
      columns={columns}
      url={URL}
      perm={perm}
      exportAs={{ fileName: 'departments.xlsx', query: search.query }}
      onRefresh={refresh}
      onToggleSearch={search.toggleSearch}
      onAdd={() => setEditing({ parentId: tree[0]?.id })}
      rowName={(r) => r.name}
      // The root organisation is neither edited nor deleted here.
      can={{ edit: (r) => !isRoot(r), remove: (r) => !isRoot(r) }}
      onEdit={setEditing}
      onAddChild={(r) => setEditing({ parentId: r.id })}
      filters={
        <ListSearch state={search} onChange={expansion.reset}>
          <TextFilter name="name" label={t('depts.name')} width={180} />
          <SelectFilter name="status" label={t('admin.status')} options={statusOptions(t)} />
        </ListSearch>
      }
    >
      <DeptDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </TreeTablePage>
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

  return (
    <FormDialog<DeptForm>
      open={editing !== null}
      title={isNew ? t('depts.addTitle') : t('depts.editTitle')}
      form={form}
      name="dept"
      onClose={onClose}
      onSubmit={async (v) => {
        const body = {
          parentId: v.parentId,
          name: v.name.trim(),
          kind: v.kind,
          leader: v.leader?.trim() || undefined,
          phone: v.phone?.trim() ?? '',
          orderNum: v.orderNum ?? 0,
          status: v.status,
        };
        await saveRecord(URL, editing?.id, body);
        await onSaved();
      }}
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
        <OrderField required />
        <StatusField />
      </Row>
    </FormDialog>
  );
}
