import { Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { AddButton, ListFrame, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { ListTable } from '@/shared/components/list-kit/list-parts';
import { cleanQuery, mutate, saveRecord, useData } from '@/shared/lib/list';
import { formatYuan, localName, URLS, useRefresh, type TypeRow } from '../api/master-data';
import { NameFields, nameBody, perm, RowLinks, StatusTag, useStatusOptions, type NameValues } from './name-fields';

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
  const list = useData<TypeRow[]>(URLS.types, cleanQuery(filter));
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
        <Space size={0} wrap>
          <RowLinks
            resource="itemtype"
            name={localName(row, i18n.language)}
            onEdit={() => setEditing(row)}
            onDelete={async () => {
              await mutate('DELETE', `${URLS.types}/${row.id}`);
              await reload();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId="itemtype-page">
      <SearchForm form={search} onSearch={setFilter} onReset={() => setFilter({})}>
        <Form.Item name="name" label={t('masterData.field.name')}>
          <Input allowClear style={{ width: 180 }} placeholder={t('masterData.field.name')} />
        </Form.Item>
        <Form.Item name="status" label={t('masterData.field.status')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('masterData.all')} options={status.options} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={reload}>
        <AddButton permissions={perm('itemtype', 'add')} onClick={() => setEditing('new')} />
      </Toolbar>
      <ListTable<TypeRow> rowKey="id" list={list} columns={columns} />
      <TypeDrawer editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </ListFrame>
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
  const row = editing && editing !== 'new' ? editing : null;
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';

  return (
    <FormDialog<TypeValues>
      variant="drawer"
      open={editing !== null}
      title={t(row ? 'masterData.itemtype.editTitle' : 'masterData.itemtype.addTitle')}
      form={form}
      name="itemtype"
      testId="itemtype-form"
      refusalTestId="md-refusal"
      onClose={onClose}
      onSubmit={async (v) => {
        const body = { ...nameBody(v), code: row ? row.code : v.code.trim(), valueLimit: v.valueLimit };
        await saveRecord(URLS.types, row?.id, body);
        await onSaved();
      }}
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
              formatter={(v) => (v === undefined || v === null ? '' : new Intl.NumberFormat(locale).format(Number(v)))}
              parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
            />
          </Form.Item>
        </Col>
        <NameFields />
      </Row>
    </FormDialog>
  );
}
