import { Form, Input, InputNumber, Row, Col, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cleanFilter,
  confirmRemove,
  formatYuan,
  localName,
  refusalText,
  send,
  URLS,
  useFlatRows,
  useRefresh,
  type TypeRow,
} from '../api/master-data';
import {
  FormDrawer,
  NameFields,
  nameBody,
  PageFrame,
  RowActions,
  SearchBar,
  StatusTag,
  ToolRow,
  useStatusOptions,
  type NameValues,
} from './kit';

interface TypeValues extends NameValues {
  code: string;
  valueLimit: number;
}

/** manager/itemtype: project types and their value limits (in yuan). */
export default function ItemTypesPage() {
  const { t, i18n } = useTranslation();
  const [search] = Form.useForm<{ name?: string; status?: string }>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [editing, setEditing] = useState<TypeRow | 'new' | null>(null);
  const list = useFlatRows<TypeRow>(URLS.types, cleanFilter(filter));
  const status = useStatusOptions();
  const refresh = useRefresh();
  const reload = () => refresh(URLS.types);

  const columns: TableColumnsType<TypeRow> = [
    { key: 'name', title: t('masterData.field.name'), render: (_, r) => localName(r, i18n.language) },
    { key: 'code', dataIndex: 'code', title: t('masterData.field.code') },
    {
      key: 'valueLimit',
      dataIndex: 'valueLimit',
      title: t('masterData.field.valueLimit'),
      align: 'right',
      render: (v: number | null) => (v === null ? t('masterData.itemtype.noLimit') : formatYuan(v, i18n.language)),
    },
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
          resource="itemtype"
          onEdit={() => setEditing(row)}
          onRemove={() =>
            confirmRemove(localName(row, i18n.language), async () => {
              await send('DELETE', `${URLS.types}/${row.id}`);
              await reload();
            })
          }
        />
      ),
    },
  ];

  return (
    <PageFrame testId="itemtype-page">
      <SearchBar form={search} onSearch={setFilter}>
        <Form.Item name="name" label={t('masterData.field.name')}>
          <Input allowClear style={{ width: 180 }} placeholder={t('masterData.field.name')} />
        </Form.Item>
        <Form.Item name="status" label={t('masterData.field.status')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('masterData.all')} options={status.options} />
        </Form.Item>
      </SearchBar>
      <ToolRow resource="itemtype" onAdd={() => setEditing('new')} onRefresh={reload} />
      <Table<TypeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <TypeDrawer
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await reload();
        }}
      />
    </PageFrame>
  );
}

function TypeDrawer({
  editing,
  onClose,
  onSaved,
}: {
  editing: TypeRow | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TypeValues>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const row = editing && editing !== 'new' ? editing : null;
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';

  async function save(v: TypeValues) {
    setBusy(true);
    setRefusal(null);
    try {
      const body = { ...nameBody(v), code: row ? row.code : v.code.trim(), valueLimit: v.valueLimit };
      if (row) await send('PUT', `${URLS.types}/${row.id}`, body);
      else await send('POST', URLS.types, body);
      await onSaved();
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDrawer
      open={editing !== null}
      title={t(row ? 'masterData.itemtype.editTitle' : 'masterData.itemtype.addTitle')}
      busy={busy}
      refusal={refusal}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      onSave={() => form.submit()}
      testId="itemtype-form"
    >
      <Form<TypeValues>
        form={form}
        name="itemtype"
        layout="vertical"
        preserve={false}
        clearOnDestroy
        onFinish={save}
        initialValues={
          row
            ? { ...row, status: row.status === '1' ? '1' : '0', valueLimit: row.valueLimit ?? undefined }
            : { orderNum: 0, status: '0' }
        }
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="code"
              label={t('masterData.field.code')}
              extra={row ? t('masterData.itemtype.codeFixed') : undefined}
              rules={[
                { required: true, message: t('masterData.validation.codeRule') },
                { pattern: /^[a-z][a-z0-9_]{1,29}$/, message: t('masterData.validation.codeRule') },
              ]}
            >
              <Input maxLength={30} disabled={!!row} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="valueLimit"
              label={t('masterData.field.valueLimit')}
              rules={[
                { required: true, message: t('masterData.validation.valueLimit') },
                { type: 'number', min: 1, max: 100_000_000, message: t('masterData.validation.valueLimit') },
              ]}
            >
              <InputNumber<number>
                min={1}
                max={100_000_000}
                precision={0}
                style={{ width: '100%' }}
                formatter={(v) =>
                  v === undefined || v === null ? '' : new Intl.NumberFormat(locale).format(Number(v))
                }
                parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
              />
            </Form.Item>
          </Col>
          <NameFields />
        </Row>
      </Form>
    </FormDrawer>
  );
}
