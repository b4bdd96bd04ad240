import { Col, Form, Input, InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { formatYuan, localName, URLS, type TypeRow } from '../api/master-data';
import { MasterDataDrawer, MasterDataList, NameFields, nameBody, type NameValues } from './name-fields';

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
  ];

  return (
    <MasterDataList<TypeRow>
      resource="itemtype"
      records={types}
      named
      columns={columns}
      fileName="project-types.xlsx"
      rowName={(row) => localName(row, i18n.language)}
      onEdit={(row) => void types.openRecord(row.id)}
    >
      <TypeDrawer records={types} />
    </MasterDataList>
  );
}

function TypeDrawer({ records }: { records: RecordListState<TypeRow> }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TypeValues>();
  const row = records.editedRow;
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';

  return (
    <MasterDataDrawer<TypeValues>
      resource="itemtype"
      open={records.editing !== null}
      editing={!!row}
      form={form}
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
    </MasterDataDrawer>
  );
}
