import type { roleDetail, roleRow } from '@lvb/contracts/admin';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnVisibility } from '@/shared/components/column-settings';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { OrderField, orderValue, StatusField, TextField } from '@/shared/components/list-kit/form-fields';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { DeleteLink, EditLink, switchColumn, textColumns, timeColumn } from '@/shared/components/list-kit/list-parts';
import { useLabelTree } from '@/shared/components/tree-table';
import { useIsMobile } from '@/shared/lib/app-state';
import { statusOptions, toTreeData, useData, type LocalTreeNode } from '@/shared/lib/list';

const URL = '/api/system/roles';
/** system/role and manager/arole are the same page; either page's permissions open a call. */
const perm = (action: string) => [`system:role:${action}`, `manager:arole:${action}`];

type RoleRow = WireOf<typeof roleRow>;
type RoleDetail = WireOf<typeof roleDetail>;

interface RoleForm {
  roleKey: string;
  name: string;
  types: number;
  /** As typed: read with `orderValue`. */
  orderNum: string | number;
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
  // The signed-in user's menu follows the grants of their roles.
  const roles = useRecordList<RoleRow>(URL, { also: ['/api/system/menu'] });

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
    ...textColumns<RoleRow>({ name: t('roles.name'), roleKey: t('roles.roleKey') }),
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
    switchColumn(t, {
      permissions: perm('edit'),
      name: (r) => r.name,
      url: (r) => `${URL}/${r.id}`,
      onChanged: roles.refresh,
    }),
    timeColumn('createdAt', t('admin.createdAt')),
  ];

  return (
    <ListFrame testId="roles-page">
      <RecordList<RoleRow>
        records={roles}
        search={
          <>
            <TextFilter name="name" label={t('roles.name')} />
            <TextFilter name="roleKey" label={t('roles.roleKey')} />
            <SelectFilter name="types" label={t('roles.types')} width={140} options={typeOptions(t)} />
            <SelectFilter name="status" label={t('admin.status')} options={statusOptions(t)} />
          </>
        }
        add={perm('add')}
        exportAs={{ permissions: perm('export'), fileName: 'roles.xlsx' }}
        columns={columns}
        columnSettings={cols}
        fixedActions
        rowActions={(row) => (
          <>
            <EditLink permissions={perm('edit')} onClick={() => roles.setEditing(row)} />
            <DeleteLink permissions={perm('remove')} name={row.name} onDelete={() => roles.remove([row.id])} />
          </>
        )}
      />
      <RoleDialog records={roles} />
    </ListFrame>
  );
}

function typeOptions(t: (key: string) => string) {
  return [
    { value: 0, label: t('roles.backOffice') },
    { value: 1, label: t('roles.suppliers') },
  ];
}

function RoleDialog({ records }: { records: RecordListState<RoleRow> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleForm>();
  const [checked, setChecked] = useState<number[]>([]);
  const [halfChecked, setHalfChecked] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const { editing, editedRow } = records;
  const open = editing !== null;
  const isNew = editing === 'new';
  const types = Form.useWatch('types', form) ?? editedRow?.types ?? 0;
  const tree = useLabelTree('/api/system/menus/tree', { types }, open);
  const editingId = editedRow?.id ?? null;
  const detail = useData<RoleDetail>(`${URL}/${editingId ?? 0}`, {}, editingId !== null);

  // Show the granted entries once both the role and the tree are known.
  useEffect(() => {
    if (!open) return;
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

  const save = (values: RoleForm) =>
    records.save(editingId, {
      ...values,
      orderNum: orderValue(values.orderNum),
      remark: values.remark?.trim() || undefined,
      menuIds: [...new Set([...checked, ...halfChecked])],
    });

  const initial: Partial<RoleForm> = editedRow
    ? {
        roleKey: editedRow.roleKey,
        name: editedRow.name,
        types: editedRow.types,
        orderNum: editedRow.orderNum,
        dataScope: editedRow.dataScope as RoleForm['dataScope'],
        status: editedRow.status === '1' ? '1' : '0',
        remark: editedRow.remark ?? '',
      }
    : { types: 0, orderNum: 0, dataScope: '5', status: '0' };

  return (
    <FormDialog<RoleForm>
      open={open}
      title={isNew ? t('roles.addTitle') : t('roles.editTitle')}
      form={form}
      name="role"
      width={720}
      initialValues={initial}
      // e.g. the grant ceiling: one cannot grant what one does not hold. Kept on screen.
      refusalTestId="role-refusal"
      onClose={records.close}
      onSubmit={save}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <TextField name="name" label={t('roles.name')} required={t('roles.nameRequired')} max={50} />
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
        <OrderField />
        <StatusField />
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
    </FormDialog>
  );
}
