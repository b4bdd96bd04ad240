import { Col, Form, Input, Select, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { NumberInput } from '@/shared/components/number-input';
import { useDictOptions } from '@/shared/lib/dict-options';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import { URLS, useTypeOptions, type ProcessRow } from '../api/master-data';
import { AllFilter, MasterDataDrawer, MasterDataList, TypeField } from './name-fields';
import './master-data.css';

/** A setting as the form holds it: the day counts as typed, read with `numberValue` when sent. */
type ProcessValues = Omit<ProcessRow, 'id' | 'signupDays' | 'bidWindowDays' | 'publicityDays'> & {
  signupDays: string | number;
  bidWindowDays: string | number;
  publicityDays: string | number;
};

/** manager/itemprocess: time limits and required documents per project type and selection model. */
export default function ProcessSettingsPage() {
  const { t } = useTranslation();
  const records = useRecordList<ProcessRow>(URLS.processSettings, { also: ['hall'] });
  const types = useTypeOptions();
  const models = useDictOptions('selection_model', true);
  const days = (v: number) => t('masterData.itemprocess.days', { count: v });
  const modelName = (v: number) => models.options.find((o) => o.value === v)?.label ?? v;

  const columns: TableColumnsType<ProcessRow> = [
    { key: 'type', title: t('masterData.field.type'), render: (_, r) => types.nameOf(r.typeId) },
    {
      key: 'model',
      dataIndex: 'model',
      title: t('masterData.field.model'),
      render: (v: number) => <DictTag options={models.dict} value={v} />,
    },
    { key: 'signupDays', dataIndex: 'signupDays', title: t('masterData.field.signupDays'), render: days },
    { key: 'bidWindowDays', dataIndex: 'bidWindowDays', title: t('masterData.field.bidWindowDays'), render: days },
    { key: 'publicityDays', dataIndex: 'publicityDays', title: t('masterData.field.publicityDays'), render: days },
    {
      key: 'requiredDocuments',
      dataIndex: 'requiredDocuments',
      title: t('masterData.field.requiredDocuments'),
      render: (v: string) => {
        const lines = v.split('\n').filter((l) => l.trim());
        if (!lines.length) return null;
        return (
          <Tooltip title={<span className="md-docs">{lines.join('\n')}</span>}>
            <span>{t('masterData.itemprocess.documents', { count: lines.length })}</span>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <MasterDataList<ProcessRow>
      resource="itemprocess"
      records={records}
      filters={
        <>
          <AllFilter name="typeId" label={t('masterData.field.type')} options={types.options} />
          <AllFilter name="model" label={t('masterData.field.model')} options={models.options} />
        </>
      }
      columns={columns}
      fileName="process-settings.xlsx"
      rowName={(row) => `${types.nameOf(row.typeId)} / ${modelName(row.model)}`}
      onEdit={records.setEditing}
    >
      <ProcessDrawer records={records} typeOptions={types.options} modelOptions={models.options} />
    </MasterDataList>
  );
}

function ProcessDrawer({
  records,
  typeOptions,
  modelOptions,
}: {
  records: RecordListState<ProcessRow>;
  typeOptions: { value: number; label: string }[];
  modelOptions: { value: number; label: string }[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProcessValues>();
  const row = records.editedRow;

  const dayRule = (min: number, max: number, message: string) => [numberRule(t, { min, max, required: true, message })];

  return (
    <MasterDataDrawer<ProcessValues>
      resource="itemprocess"
      open={records.editing !== null}
      editing={!!row}
      form={form}
      onClose={records.close}
      onSubmit={(v) => {
        const requiredDocuments = (v.requiredDocuments ?? '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join('\n');
        return records.save(row?.id, {
          ...v,
          signupDays: numberValue(v.signupDays)!,
          bidWindowDays: numberValue(v.bidWindowDays)!,
          publicityDays: numberValue(v.publicityDays)!,
          requiredDocuments,
        });
      }}
      initialValues={row ?? { signupDays: 5, bidWindowDays: 3, publicityDays: 3, requiredDocuments: '' }}
    >
      <TypeField options={typeOptions} half />
      <Col xs={24} sm={12}>
        <Form.Item
          name="model"
          label={t('masterData.field.model')}
          rules={[{ required: true, message: t('masterData.validation.modelRequired') }]}
        >
          <Select options={modelOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="signupDays"
          label={t('masterData.field.signupDays')}
          rules={dayRule(1, 60, t('masterData.validation.signupDays'))}
        >
          <NumberInput />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="bidWindowDays"
          label={t('masterData.field.bidWindowDays')}
          rules={dayRule(0, 60, t('masterData.validation.bidWindowDays'))}
        >
          <NumberInput />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="publicityDays"
          label={t('masterData.field.publicityDays')}
          rules={dayRule(1, 30, t('masterData.validation.publicityDays'))}
        >
          <NumberInput />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="requiredDocuments"
          label={t('masterData.field.requiredDocuments')}
          extra={t('masterData.field.requiredDocumentsHelp')}
          rules={[{ max: 2000, message: t('masterData.validation.documents') }]}
        >
          <Input.TextArea rows={5} maxLength={2000} />
        </Form.Item>
      </Col>
    </MasterDataDrawer>
  );
}
