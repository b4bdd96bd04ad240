import { Button, Col, Form, Input, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelTreeSelect, type TreeOption } from '@/shared/components/label-tree-select';
import { fetchRecord } from '@/shared/components/list-kit/list-page';
import { TreeTablePage, useTreeExpansion } from '@/shared/components/tree-table';
import { cleanQuery, saveRecord, useData, useInvalidate } from '@/shared/lib/list';
import { filterTree, placeTree, URLS, type PlaceNode, type PlaceRow } from '../api/master-data';
import { MasterDataDrawer, NameFields, nameBody, perm, StatusTag, type NameValues } from './name-fields';

interface PlaceValues extends NameValues {
  parentId: number;
  code?: string;
}
type Editing = { row: PlaceRow | null; parentId: number } | null;

/** Tree options for the parent picker, leaving out `skip` and its sub-places (no move under itself). */
function parentOptions(nodes: readonly PlaceNode[], skip: number | null): TreeOption[] {
  return nodes
    .filter((n) => n.id !== skip)
    .map((n) => ({
      id: n.id,
      label: n.label,
      children: n.children?.length ? parentOptions(n.children, skip) : undefined,
    }));
}

/** manager/itemplace: the place tree (built here from the flat list), filtered by label. */
export default function PlacesPage() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const list = useData<PlaceRow[]>(URLS.places);
  const invalidate = useInvalidate();
  // The project forms read places from the hall options.
  const reload = () => invalidate(URLS.places, 'hall');
  const tree = useMemo(() => placeTree(list.data ?? [], i18n.language), [list.data, i18n.language]);
  const shown = useMemo(() => filterTree(tree, text), [tree, text]);
  // While filtering every match is shown opened; otherwise the top level is open.
  const expansion = useTreeExpansion(shown, 'top', text.trim() !== '');

  const columns: TableColumnsType<PlaceNode> = [
    { key: 'label', dataIndex: 'label', title: t('masterData.field.name') },
    { key: 'code', dataIndex: 'code', title: t('masterData.field.placeCode') },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('masterData.field.orderNum') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('masterData.field.status'),
      render: (v: string) => <StatusTag value={v} />,
    },
  ];

  return (
    <TreeTablePage<PlaceNode>
      testId="itemplace-page"
      source={{
        url: URLS.places,
        list,
        tree: shown,
        expansion,
        query: cleanQuery({ name: text.trim() }),
        refresh: reload,
      }}
      columns={columns}
      perm={(action) => perm('itemplace', action)}
      exportName="places.xlsx"
      onAdd={() => setEditing({ row: null, parentId: 0 })}
      rowName={(r) => r.label}
      texts={{
        addChild: t('masterData.itemplace.addChild'),
        confirmDelete: (name) => t('masterData.confirmRemove', { name }),
      }}
      onEdit={(row) =>
        void fetchRecord<PlaceRow>(URLS.places, row.id).then(
          (fresh) => setEditing({ row: fresh, parentId: fresh.parentId }),
          () => undefined,
        )
      }
      onAddChild={(row) => setEditing({ row: null, parentId: row.id })}
      expandControl={
        <Space>
          <Button onClick={expansion.expandAll}>{t('masterData.itemplace.expandAll')}</Button>
          <Button onClick={expansion.collapseAll}>{t('masterData.itemplace.collapseAll')}</Button>
        </Space>
      }
      filters={
        <Form layout="inline" className="admin-search" name="md-place-search">
          <Form.Item label={t('masterData.itemplace.filter')}>
            <Input.Search
              allowClear
              style={{ width: 220 }}
              placeholder={t('masterData.itemplace.filter')}
              onChange={(e) => setText(e.target.value)}
              onSearch={setText}
            />
          </Form.Item>
        </Form>
      }
    >
      <PlaceDrawer
        editing={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={async (parentId) => {
          if (parentId) expansion.open(parentId);
          await reload();
        }}
      />
    </TreeTablePage>
  );
}

function PlaceDrawer({
  editing,
  tree,
  onClose,
  onSaved,
}: {
  editing: Editing;
  tree: PlaceNode[];
  onClose: () => void;
  onSaved: (parentId: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlaceValues>();
  const row = editing?.row ?? null;
  const options: TreeOption[] = [
    { id: 0, label: t('masterData.itemplace.root'), children: parentOptions(tree, row?.id ?? null) },
  ];

  return (
    <MasterDataDrawer<PlaceValues>
      resource="itemplace"
      open={editing !== null}
      editing={!!row}
      form={form}
      onClose={onClose}
      onSubmit={async (v) => {
        const parentId = v.parentId ?? 0;
        await saveRecord(URLS.places, row?.id, { ...nameBody(v), parentId, code: v.code?.trim() || undefined });
        await onSaved(parentId);
      }}
      initialValues={
        row
          ? { ...row, code: row.code ?? '', status: row.status === '1' ? '1' : '0' }
          : { parentId: editing?.parentId ?? 0, orderNum: 0, status: '0' }
      }
    >
      <Col xs={24}>
        <Form.Item name="parentId" label={t('masterData.field.parent')}>
          <LabelTreeSelect options={options} allowClear={false} treeDefaultExpandedKeys={[0]} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="code"
          label={t('masterData.field.placeCode')}
          rules={[{ max: 12, message: t('masterData.validation.placeCode') }]}
        >
          <Input maxLength={12} />
        </Form.Item>
      </Col>
      <NameFields />
    </MasterDataDrawer>
  );
}
