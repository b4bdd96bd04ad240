import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import './master-data.css';
import { useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { NumberInput } from '@/shared/components/number-input';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import { formatYuan, localName, URLS, type TypeRow } from '../api/master-data';
import { MasterDataDrawer, MasterDataList, NameFields, nameBody, type NameValues } from './name-fields';

/** A type as the form holds it: numbers as typed, read with `numberValue` when sent. */
interface TypeValues extends NameValues {
  code: string;
  valueLimit: string | number;
  priceWeight: string | number;
  scoreCriteria: { name: string; nameZh: string; max: string | number }[];
}

/** The value limit may be typed with thousands separators (3,000,000). */
const VALUE_LIMIT = { min: 1, max: 100_000_000, grouping: true } as const;

/** What a new type starts with: the platform's default best-value rules. */
const DEFAULT_RULES = {
  priceWeight: 40,
  scoreCriteria: [
    { name: 'Technical approach', nameZh: '技术方案', max: 40 },
    { name: 'Schedule and resources', nameZh: '工期与资源', max: 30 },
    { name: 'Quality and safety', nameZh: '质量与安全', max: 30 },
  ],
};

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
    {
      key: 'bestValue',
      title: t('masterData.itemtype.bestValue'),
      render: (_, r) => t('masterData.itemtype.weights', { price: r.priceWeight, count: r.scoreCriteria.length }),
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
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeValues>();
  const row = records.editedRow;

  return (
    <MasterDataDrawer<TypeValues>
      resource="itemtype"
      open={records.editing !== null}
      editing={!!row}
      form={form}
      onClose={records.close}
      onSubmit={(v) =>
        records.save(row?.id, {
          ...nameBody(v),
          code: row ? row.code : v.code.trim(),
          valueLimit: numberValue(v.valueLimit, VALUE_LIMIT)!,
          priceWeight: numberValue(v.priceWeight)!,
          scoreCriteria: v.scoreCriteria.map((c) => ({
            name: c.name.trim(),
            nameZh: c.nameZh.trim(),
            max: numberValue(c.max)!,
          })),
        })
      }
      initialValues={
        row
          ? { ...row, status: row.status === '1' ? '1' : '0', valueLimit: row.valueLimit ?? undefined }
          : { orderNum: 0, status: '0', ...DEFAULT_RULES }
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
          rules={[numberRule(t, { ...VALUE_LIMIT, required: true, message: t('masterData.validation.valueLimit') })]}
        >
          <NumberInput />
        </Form.Item>
      </Col>
      <NameFields />
      <BestValueRules />
    </MasterDataDrawer>
  );
}

/** The best-value rules of the type: the price weight and the technical criteria (1 to 10). */
function BestValueRules() {
  const { t } = useTranslation();
  const criterionRule = { required: true, message: t('masterData.itemtype.criterionRequired') };
  return (
    <Col span={24}>
      <Divider titlePlacement="start">{t('masterData.itemtype.bestValue')}</Divider>
      <Typography.Paragraph type="secondary">{t('masterData.itemtype.bestValueHint')}</Typography.Paragraph>
      <Form.Item
        name="priceWeight"
        label={t('masterData.itemtype.priceWeight')}
        rules={[numberRule(t, { min: 0, max: 100, required: true, message: t('masterData.validation.priceWeight') })]}
      >
        <NumberInput style={{ width: 160 }} />
      </Form.Item>
      {/* The drawer's form drops the values of fields that unmount (`preserve={false}`); the rows'
          fields keep theirs, or the criteria a type starts with would show empty. */}
      <Form.List name="scoreCriteria">
        {(fields, { add, remove }) => (
          <Form.Item label={t('masterData.itemtype.criteria')} required>
            {fields.map((field) => (
              <div key={field.key} className="md-criterion">
                <Form.Item name={[field.name, 'name']} preserve rules={[{ ...criterionRule, whitespace: true }]}>
                  <Input placeholder={t('masterData.itemtype.criterionName')} maxLength={50} />
                </Form.Item>
                <Form.Item name={[field.name, 'nameZh']} preserve rules={[{ ...criterionRule, whitespace: true }]}>
                  <Input placeholder={t('masterData.itemtype.criterionNameZh')} maxLength={50} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'max']}
                  preserve
                  rules={[
                    numberRule(t, {
                      min: 1,
                      max: 100,
                      required: true,
                      message: t('masterData.validation.criterionMax'),
                    }),
                  ]}
                >
                  <NumberInput
                    placeholder={t('masterData.itemtype.criterionMax')}
                    aria-label={t('masterData.itemtype.criterionMax')}
                  />
                </Form.Item>
                {fields.length > 1 ? (
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('masterData.itemtype.removeCriterion')}
                    onClick={() => remove(field.name)}
                  />
                ) : null}
              </div>
            ))}
            {fields.length < 10 ? (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', nameZh: '', max: 10 })}>
                {t('masterData.itemtype.addCriterion')}
              </Button>
            ) : null}
          </Form.Item>
        )}
      </Form.List>
    </Col>
  );
}
