import { Button, Col, Form, Input, Row, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { LabelTreeSelect, type TreeOption } from '@/shared/components/label-tree-select';
import {
  confirmRemove,
  filterTree,
  placeTree,
  refusalText,
  send,
  URLS,
  useFlatRows,
  useRefresh,
  type PlaceNode,
  type PlaceRow,
} from '../api/master-data';
import {
  FormDrawer,
  NameFields,
  nameBody,
  PageFrame,
  perm,
  RowActions,
  StatusTag,
  ToolRow,
  type NameValues,
} from './kit';

interface PlaceValues extends NameValues {
  parentId: number;
  code?: string;
}
type Editing = { row: PlaceRow | null; parentId: number } | null;

function allIds(nodes: readonly PlaceNode[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...allIds(n.children)] : []));
}

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
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useFlatRows<PlaceRow>(URLS.places);
  const refresh = useRefresh();
  const reload = () => refresh(URLS.places);
  const tree = useMemo(() => placeTree(list.data ?? [], i18n.language), [list.data, i18n.language]);
  const shown = useMemo(() => filterTree(tree, text), [tree, text]);
  // While filtering every match is shown opened; otherwise the top level is open.
  const expandedKeys = text.trim() ? allIds(shown) : (expanded ?? tree.map((n) => n.id));

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
    {
      key: 'actions',
      title: t('masterData.actions'),
      render: (_, row) => (
        <RowActions
          resource="itemplace"
          extra={
            <Authorized permissions={perm('itemplace', 'add')}>
              <Button type="link" size="small" onClick={() => setEditing({ row: null, parentId: row.id })}>
                {t('masterData.itemplace.addChild')}
              </Button>
            </Authorized>
          }
          onEdit={() => setEditing({ row, parentId: row.parentId })}
          onRemove={() =>
            confirmRemove(row.label, async () => {
              await send('DELETE', `${URLS.places}/${row.id}`);
              await reload();
            })
          }
        />
      ),
    },
  ];

  return (
    <PageFrame testId="itemplace-page">
      <Form layout="inline" className="md-search" name="md-place-search">
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
      <ToolRow
        resource="itemplace"
        onAdd={() => setEditing({ row: null, parentId: 0 })}
        onRefresh={reload}
        extra={
          <Space>
            <Button onClick={() => setExpanded(allIds(tree))}>{t('masterData.itemplace.expandAll')}</Button>
            <Button onClick={() => setExpanded([])}>{t('masterData.itemplace.collapseAll')}</Button>
          </Space>
        }
      />
      <Table<PlaceNode>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={shown}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => {
            if (!text.trim()) setExpanded(keys as number[]);
          },
        }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PlaceDrawer
        editing={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={async (parentId) => {
          setEditing(null);
          if (parentId) setExpanded((keys) => [...new Set([...(keys ?? tree.map((n) => n.id)), parentId])]);
          await reload();
        }}
      />
    </PageFrame>
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
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const row = editing?.row ?? null;
  const options: TreeOption[] = [
    { id: 0, label: t('masterData.itemplace.root'), children: parentOptions(tree, row?.id ?? null) },
  ];

  async function save(v: PlaceValues) {
    setBusy(true);
    setRefusal(null);
    try {
      const parentId = v.parentId ?? 0;
      const body = { ...nameBody(v), parentId, code: v.code?.trim() || undefined };
      if (row) await send('PUT', `${URLS.places}/${row.id}`, body);
      else await send('POST', URLS.places, body);
      await onSaved(parentId);
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDrawer
      open={editing !== null}
      title={t(row ? 'masterData.itemplace.editTitle' : 'masterData.itemplace.addTitle')}
      busy={busy}
      refusal={refusal}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      onSave={() => form.submit()}
      testId="itemplace-form"
    >
      <Form<PlaceValues>
        form={form}
        name="itemplace"
        layout="vertical"
        preserve={false}
        clearOnDestroy
        onFinish={save}
        initialValues={
          row
            ? { ...row, code: row.code ?? '', status: row.status === '1' ? '1' : '0' }
            : { parentId: editing?.parentId ?? 0, orderNum: 0, status: '0' }
        }
      >
        <Row gutter={16}>
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
        </Row>
      </Form>
    </FormDrawer>
  );
}
