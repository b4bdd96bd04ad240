import type { menuRow } from '@lvb/contracts/admin';
import { VIEW_KEYS } from '@lvb/contracts/views';
import type { WireOf } from '@lvb/contracts/wire';
import { Col, Form, Input, Radio, Row, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelTreeSelect, type TreeOption } from '@/shared/components/label-tree-select';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { OrderField, orderValue, StatusField, TextField } from '@/shared/components/list-kit/form-fields';
import { ListSearch } from '@/shared/components/list-kit/list-page';
import { switchColumn, timeColumn } from '@/shared/components/list-kit/list-parts';
import { MenuIcon } from '@/shared/components/menu-icon';
import { TreeTablePage, useTreeList, useWholeList } from '@/shared/components/tree-table';
import { buildTree, saveRecord, statusOptions } from '@/shared/lib/list';

const URL = '/api/system/menus';
/** system/menu and manager/menu edit the same tree; either page's permissions open a call. */
const perm = (action: string) => [`system:menu:${action}`, `manager:menu:${action}`];

type MenuRow = Omit<WireOf<typeof menuRow>, 'menuType'> & { menuType: 'M' | 'C' | 'F' };
type MenuNode = MenuRow & { children?: MenuNode[] };

interface MenuForm {
  parentId: number;
  menuType: 'M' | 'C' | 'F';
  name: string;
  nameZh?: string;
  path?: string;
  component?: string;
  query?: string;
  perms?: string;
  icon?: string;
  /** As typed: read with `orderValue`. */
  orderNum: string | number;
  types: number;
  visible: '0' | '1';
  isCache: '0' | '1';
  status: '0' | '1';
}

/** Back office (0) or suppliers (1): whose menus an entry belongs to, as the values `as` makes. */
function menuKinds<V>(t: (key: string) => string, as: (value: number) => V) {
  return [
    { value: as(0), label: t('roles.backOffice') },
    { value: as(1), label: t('roles.suppliers') },
  ];
}

/** A flat list whose parent may be filtered out still shows every row (orphans become roots). */
function toTree(rows: readonly MenuRow[]): MenuNode[] {
  return buildTree(rows.map((r) => ({ ...r, parentId: r.parentId as number | null }))) as MenuNode[];
}

export default function MenusPage() {
  const { t, i18n } = useTranslation();
  const { source, search } = useTreeList<MenuRow, MenuNode>(URL, { toTree, initial: 'none' });
  const [editing, setEditing] = useState<Partial<MenuRow> | null>(null);
  const zh = i18n.language === 'zh-CN';
  const title = (r: Pick<MenuRow, 'name' | 'nameZh'>) => (zh && r.nameZh ? r.nameZh : r.name);

  const typeLabel = { M: t('menus.typeM'), C: t('menus.typeC'), F: t('menus.typeF') };
  const typeColor = { M: 'blue', C: 'green', F: 'default' };

  const columns: TableColumnsType<MenuNode> = [
    { key: 'name', title: t('menus.name'), render: (_, r) => title(r), width: 220 },
    {
      key: 'icon',
      title: t('menus.icon'),
      width: 70,
      render: (_, r) => (r.icon && r.icon !== '#' ? <MenuIcon name={r.icon} /> : null),
    },
    {
      key: 'menuType',
      title: t('menus.menuType'),
      render: (_, r) => <Tag color={typeColor[r.menuType]}>{typeLabel[r.menuType]}</Tag>,
    },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('admin.orderNum') },
    { key: 'perms', dataIndex: 'perms', title: t('menus.perms') },
    { key: 'component', dataIndex: 'component', title: t('menus.component') },
    {
      key: 'types',
      title: t('menus.types'),
      render: (_, r) => (r.types === 1 ? t('roles.suppliers') : t('roles.backOffice')),
    },
    switchColumn<MenuNode>(t, {
      permissions: perm('edit'),
      name: title,
      url: (r) => `${URL}/${r.id}`,
      onChanged: source.refresh,
    }),
    timeColumn('createdAt', t('admin.createdAt')),
  ];

  return (
    <TreeTablePage<MenuNode>
      testId="menus-page"
      source={source}
      columns={columns}
      perm={perm}
      exportName="menus.xlsx"
      onAdd={() => setEditing({ parentId: 0, menuType: 'M', types: 0 })}
      rowName={title}
      // A button has no children.
      can={{ addChild: (r) => r.menuType !== 'F' }}
      onEdit={setEditing}
      onAddChild={(r) => setEditing({ parentId: r.id, types: r.types, menuType: r.menuType === 'M' ? 'C' : 'F' })}
      filters={
        <ListSearch state={search}>
          <TextFilter name="name" label={t('menus.name')} width={180} />
          <SelectFilter name="status" label={t('admin.status')} options={statusOptions(t)} />
          <SelectFilter name="types" label={t('menus.types')} width={140} options={menuKinds(t, String)} />
        </ListSearch>
      }
    >
      <MenuDialog editing={editing} onClose={() => setEditing(null)} onSaved={source.refresh} />
    </TreeTablePage>
  );
}

function MenuDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Partial<MenuRow> | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<MenuForm>();
  // Parents come from the whole tree, whatever the list's filter.
  const rows = useWholeList<MenuRow>(URL, editing !== null);
  const menuType = Form.useWatch('menuType', form) ?? editing?.menuType ?? 'M';
  const isNew = !editing?.id;
  const zh = i18n.language === 'zh-CN';

  // Parents: the root plus every directory and page (a button has no children), in the current language.
  const parents: TreeOption[] = useMemo(() => {
    const toOption = (n: MenuNode): TreeOption => ({
      id: n.id,
      label: zh && n.nameZh ? n.nameZh : n.name,
      children: n.children?.filter((c) => c.menuType !== 'F' && c.id !== editing?.id).map(toOption),
    });
    const nodes = toTree(rows.filter((r) => r.menuType !== 'F' && r.id !== editing?.id));
    return [{ id: 0, label: t('menus.root'), children: nodes.map(toOption) }];
  }, [rows, zh, editing?.id, t]);

  const initial: Partial<MenuForm> = {
    parentId: editing?.parentId ?? 0,
    menuType: editing?.menuType ?? 'M',
    name: editing?.name,
    nameZh: editing?.nameZh,
    path: editing?.path,
    component: editing?.component ?? undefined,
    query: editing?.query ?? undefined,
    perms: editing?.perms ?? undefined,
    icon: editing?.icon && editing.icon !== '#' ? editing.icon : undefined,
    orderNum: editing?.orderNum ?? 0,
    types: editing?.types ?? 0,
    visible: editing?.visible === '1' ? '1' : '0',
    isCache: editing?.isCache === '1' ? '1' : '0',
    status: editing?.status === '1' ? '1' : '0',
  };

  const yesNo = [
    { value: '0', label: t('admin.yes') },
    { value: '1', label: t('admin.no') },
  ];
  return (
    <FormDialog<MenuForm>
      open={editing !== null}
      title={isNew ? t('menus.addTitle') : t('menus.editTitle')}
      form={form}
      name="menu"
      width={720}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        const body = {
          parentId: v.parentId ?? 0,
          menuType: v.menuType,
          name: v.name.trim(),
          nameZh: v.nameZh?.trim() ?? '',
          path: v.menuType === 'F' ? '' : (v.path?.trim() ?? ''),
          component: v.menuType === 'C' ? v.component : undefined,
          query: v.menuType === 'C' ? v.query?.trim() || undefined : undefined,
          perms: v.perms?.trim() ?? '',
          icon: v.menuType === 'F' ? '#' : v.icon?.trim() || '#',
          orderNum: orderValue(v.orderNum),
          types: v.types ?? 0,
          visible: v.visible,
          isCache: v.isCache,
          status: v.status,
        };
        await saveRecord(URL, editing?.id, body);
        await onSaved();
      }}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="parentId" label={t('menus.parent')} rules={[{ required: true }]}>
            <LabelTreeSelect options={parents} treeDefaultExpandedKeys={[0]} allowClear={false} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="menuType" label={t('menus.menuType')}>
            <Radio.Group options={(['M', 'C', 'F'] as const).map((k) => ({ value: k, label: t(`menus.type${k}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <TextField name="name" label={t('menus.nameEn')} required={t('menus.nameRequired')} max={50} />
        </Col>
        <Col xs={24} sm={12}>
          <TextField name="nameZh" label={t('menus.nameZh')} max={50} />
        </Col>
        {menuType !== 'F' ? (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                name="path"
                label={t('menus.path')}
                rules={[
                  { required: true, whitespace: true, message: t('menus.pathRequired') },
                  { pattern: /^[A-Za-z0-9_\-/:.]+$/, message: t('menus.pathRule') },
                ]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="icon" label={t('menus.icon')}>
                <Input maxLength={100} placeholder="setting, user, tree…" />
              </Form.Item>
            </Col>
          </>
        ) : null}
        {menuType === 'C' ? (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                name="component"
                label={t('menus.component')}
                rules={[{ required: true, message: t('menus.componentRequired') }]}
              >
                <Select showSearch options={VIEW_KEYS.map((k) => ({ value: k, label: k }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <TextField name="query" label={t('menus.query')} max={255} />
            </Col>
          </>
        ) : null}
        {menuType !== 'M' ? (
          <Col xs={24} sm={12}>
            <Form.Item
              name="perms"
              label={t('menus.perms')}
              rules={[{ pattern: /^([a-z][A-Za-z0-9]*)(:[a-z][A-Za-z0-9]*){2}$/, message: t('menus.permsRule') }]}
            >
              <Input maxLength={100} placeholder="system:user:list" />
            </Form.Item>
          </Col>
        ) : null}
        <OrderField required />
        <Col xs={24} sm={12}>
          <Form.Item name="types" label={t('menus.types')}>
            <Radio.Group options={menuKinds(t, Number)} />
          </Form.Item>
        </Col>
        {menuType !== 'F' ? (
          <Col xs={12} sm={6}>
            <Form.Item name="visible" label={t('menus.visible')}>
              <Radio.Group options={yesNo} />
            </Form.Item>
          </Col>
        ) : null}
        {menuType === 'C' ? (
          <Col xs={12} sm={6}>
            <Form.Item name="isCache" label={t('menus.isCache')}>
              <Radio.Group options={yesNo} />
            </Form.Item>
          </Col>
        ) : null}
        <StatusField />
      </Row>
    </FormDialog>
  );
}
