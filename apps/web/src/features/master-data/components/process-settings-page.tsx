import { Col, Form, Input, InputNumber, Row, Select, Space, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { AddButton, ExportButton, ListFrame, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { ListTable, useListState } from '@/shared/components/list-kit/list-parts';
import { exportList, mutate, saveRecord, usePagedList } from '@/shared/lib/list';
import { useDictOptions } from '@/shared/lib/dict-options';
import { localName, URLS, useProjectTypes, useRefresh, type ProcessRow } from '../api/master-data';
import { perm, RowLinks } from './name-fields';
import './master-data.css';

type ProcessValues = Omit<ProcessRow, 'id'>;

/** manager/itemprocess: time limits and required documents per project type and selection model. */
export default function ProcessSettingsPage() {
  const { t, i18n } = useTranslation();
  const [search] = Form.useForm<{ typeId?: number; model?: number }>();
  const state = useListState<Record<string, unknown>>();
  const [editing, setEditing] = useState<ProcessRow | 'new' | null>(null);
  const list = usePagedList<ProcessRow>(URLS.processSettings, state.query, state.page);
  const types = useProjectTypes();
  const models = useDictOptions('selection_model', true);
  const refresh = useRefresh();
  const reload = () => refresh(URLS.processSettings);
  const typeOptions = (types.data ?? []).map((x) => ({ value: x.id, label: localName(x, i18n.language) }));
  const typeName = (id: number) => typeOptions.find((o) => o.value === id)?.label ?? String(id);
  const days = (v: number) => t('masterData.itemprocess.days', { count: v });

  const columns: TableColumnsType<ProcessRow> = [
    { key: 'type', title: t('masterData.field.type'), render: (_, r) => typeName(r.typeId) },
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
    {
      key: 'actions',
      title: t('masterData.actions'),
      render: (_, row) => (
        <Space size={0} wrap>
          <RowLinks
            resource="itemprocess"
            name={`${typeName(row.typeId)} / ${models.options.find((o) => o.value === row.model)?.label ?? row.model}`}
            onEdit={() => setEditing(row)}
            onDelete={async () => {
              await mutate('DELETE', `${URLS.processSettings}/${row.id}`);
              await reload();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId="itemprocess-page">
      <SearchForm form={search} onSearch={state.search} onReset={state.reset}>
        <Form.Item name="typeId" label={t('masterData.field.type')}>
          <Select allowClear style={{ width: 180 }} placeholder={t('masterData.all')} options={typeOptions} />
        </Form.Item>
        <Form.Item name="model" label={t('masterData.field.model')}>
          <Select allowClear style={{ width: 180 }} placeholder={t('masterData.all')} options={models.options} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={reload}>
        <AddButton permissions={perm('itemprocess', 'add')} onClick={() => setEditing('new')} />
        <ExportButton
          permissions={perm('itemprocess', 'export')}
          onClick={() => exportList(`${URLS.processSettings}/export`, state.query, 'process-settings.xlsx')}
        />
      </Toolbar>
      <ListTable<ProcessRow>
        rowKey="id"
        list={list}
        columns={columns}
        paging={{ page: state.page, onChange: state.setPage }}
      />
      <ProcessDrawer
        editing={editing}
        typeOptions={typeOptions}
        modelOptions={models.options}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </ListFrame>
  );
}

function ProcessDrawer({
  editing,
  typeOptions,
  modelOptions,
  onClose,
  onSaved,
}: {
  editing: ProcessRow | 'new' | null;
  typeOptions: { value: number; label: string }[];
  modelOptions: { value: number; label: string }[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProcessValues>();
  const row = editing && editing !== 'new' ? editing : null;

  const dayRule = (min: number, max: number, message: string) => [
    { required: true, message },
    { type: 'number' as const, min, max, message },
  ];

  return (
    <FormDialog<ProcessValues>
      variant="drawer"
      open={editing !== null}
      title={t(row ? 'masterData.itemprocess.editTitle' : 'masterData.itemprocess.addTitle')}
      form={form}
      name="itemprocess"
      testId="itemprocess-form"
      // e.g. "this type already has a setting for this model": kept on screen.
      refusalTestId="md-refusal"
      onClose={onClose}
      onSubmit={async (v) => {
        const requiredDocuments = (v.requiredDocuments ?? '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join('\n');
        await saveRecord(URLS.processSettings, row?.id, { ...v, requiredDocuments });
        await onSaved();
      }}
      initialValues={row ?? { signupDays: 5, bidWindowDays: 3, publicityDays: 3, requiredDocuments: '' }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="typeId"
            label={t('masterData.field.type')}
            rules={[{ required: true, message: t('masterData.validation.typeRequired') }]}
          >
            <Select options={typeOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Col>
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
            <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="bidWindowDays"
            label={t('masterData.field.bidWindowDays')}
            rules={dayRule(0, 60, t('masterData.validation.bidWindowDays'))}
          >
            <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="publicityDays"
            label={t('masterData.field.publicityDays')}
            rules={dayRule(1, 30, t('masterData.validation.publicityDays'))}
          >
            <InputNumber min={1} max={30} precision={0} style={{ width: '100%' }} />
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
      </Row>
    </FormDialog>
  );
}
