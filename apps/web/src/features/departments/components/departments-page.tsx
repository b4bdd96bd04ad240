import type { deptRow } from '@lvb/contracts/admin';
import type { WireOf } from '@lvb/contracts/wire';
import { Col, Form, Input, Radio, Row, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelTreeSelect, labelMatches, type TreeOption } from '@/shared/components/label-tree-select';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { OrderField, orderValue, StatusField, TextField } from '@/shared/components/list-kit/form-fields';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListSearch } from '@/shared/components/list-kit/list-page';
import { timeColumn } from '@/shared/components/list-kit/list-parts';
import { TreeTablePage, useTreeList, useWholeList } from '@/shared/components/tree-table';
import { buildTree, saveRecord, statusOptions } from '@/shared/lib/list';

const URL = '/api/system/depts';
const TREE_URL = '/api/system/depts/tree';
const perm = (action: string) => [`system:dept:${action}`];

type DeptRow = WireOf<typeof deptRow>;
type DeptNode = DeptRow & { children?: DeptNode[] };
const toTree = (rows: DeptRow[]) => buildTree(rows) as DeptNode[];

interface DeptForm {
  parentId: number;
  name: string;
  kind: 'organisation' | 'department';
  leader?: string;
  phone?: string;
  /** As typed: read with `orderValue`. */
  orderNum: string | number;
  status: '0' | '1';
}

export default function DepartmentsPage() {
  const { t } = useTranslation();
  // Expanded by default; the user's choice wins afterwards, until the next search.
  const { source, search } = useTreeList<DeptRow, DeptNode>(URL, { toTree, initial: 'all', also: [TREE_URL] });
  const [editing, setEditing] = useState<Partial<DeptRow> | null>(null);
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
    timeColumn('createdAt', t('admin.createdAt')),
  ];

  return (
    <TreeTablePage<DeptNode>
      testId="depts-page"
      source={source}
      columns={columns}
      perm={perm}
      exportName="departments.xlsx"
      onAdd={() => setEditing({ parentId: source.tree[0]?.id })}
      rowName={(r) => r.name}
      // The root organisation is neither edited nor deleted here.
      can={{ edit: (r) => !isRoot(r), remove: (r) => !isRoot(r) }}
      onEdit={setEditing}
      onAddChild={(r) => setEditing({ parentId: r.id })}
      filters={
        <ListSearch state={search} onChange={source.expansion.reset}>
          <TextFilter name="name" label={t('depts.name')} width={180} />
          <SelectFilter name="status" label={t('admin.status')} options={statusOptions(t)} />
        </ListSearch>
      }
    >
      <DeptDialog editing={editing} onClose={() => setEditing(null)} onSaved={source.refresh} />
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
  const rows = useWholeList<DeptRow>(URL, editing !== null);
  const isNew = !editing?.id;

  // A department cannot move under itself or one of its descendants.
  const parents: TreeOption[] = useMemo(() => {
    const self = editing?.id;
    const allowed = rows.filter(
      (r) => self === undefined || (r.id !== self && !`,${r.ancestors},`.includes(`,${self},`)),
    );
    const toOption = (n: DeptNode): TreeOption => ({ id: n.id, label: n.name, children: n.children?.map(toOption) });
    return toTree(allowed).map(toOption);
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
          orderNum: orderValue(v.orderNum),
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
          <TextField name="name" label={t('depts.name')} required={t('depts.nameRequired')} max={100} />
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
          <TextField name="leader" label={t('depts.leader')} max={50} />
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
