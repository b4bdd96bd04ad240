import { Col, Form, Input, InputNumber, Row } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { formatYuan, localName, URLS, type TypeRow } from '../api/master-data';
import { NameFields, nameBody, NameStatusFilters, perm, RowLinks, statusColumn, type NameValues } from './name-fields';

interface TypeValues extends NameValues {
  code: string;
  valueLimit: number;
}

/** manager/itemtype: project types and their value limits (in yuan). */
export default function ItemTypesPage() {
  const { t, i18n } = useTranslation();
  const types = useRecordList<TypeRow>(URLS.types, { paged: false, also: ['hall'] });

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
    statusColumn(t),
  ];

  return (
    <ListFrame testId="itemtype-page">
      <RecordList<TypeRow>
        records={types}
        rowKey="id"
        searchToggle={false}
        search={<NameStatusFilters />}
        add={perm('itemtype', 'add')}
        exportAs={{ permissions: perm('itemtype', 'export'), fileName: 'project-types.xlsx' }}
        columns={columns}
        rowActions={(row) => (
          <RowLinks
            resource="itemtype"
            name={localName(row, i18n.language)}
            onEdit={() => void types.openRecord(row.id)}
            onDelete={() => types.remove([row.id])}
          />
        )}
      />
      <TypeDrawer records={types} />
    </ListFrame>
  );
}

function TypeDrawer({ records }: { records: RecordListState<TypeRow> }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TypeValues>();
  const row = records.editedRow;
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';

  return (
    <FormDialog<TypeValues>
      variant="drawer"
      open={records.editing !== null}
      title={t(row ? 'masterData.itemtype.editTitle' : 'masterData.itemtype.addTitle')}
      form={form}
      name="itemtype"
      testId="itemtype-form"
      refusalTestId="md-refusal"
      onClose={records.close}
      onSubmit={(v) =>
        records.save(row?.id, { ...nameBody(v), code: row ? row.code : v.code.trim(), valueLimit: v.valueLimit })
      }
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
