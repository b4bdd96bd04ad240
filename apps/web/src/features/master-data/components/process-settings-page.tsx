import { Col, Form, Input, InputNumber, Row, Select, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { dictLabel, useDict } from '@/shared/lib/dict';
import {
  cleanFilter,
  confirmRemove,
  exportRows,
  localName,
  refusalText,
  send,
  URLS,
  usePagedRows,
  useProjectTypes,
  useRefresh,
  type ProcessRow,
} from '../api/master-data';
import { FormDrawer, PageFrame, RowActions, SearchBar, ToolRow } from './kit';

type ProcessValues = Omit<ProcessRow, 'id'>;

/** Options of dictionary `selection_model` (values 1, 2, 3) in the interface language. */
function useModelOptions() {
  const { i18n } = useTranslation();
  const dict = useDict('selection_model');
  return {
    dict: dict.data,
    options: (dict.data ?? []).map((o) => ({ value: Number(o.dictValue), label: dictLabel(o, i18n.language) })),
  };
}

/** manager/itemprocess: time limits and required documents per project type and selection model. */
export default function ProcessSettingsPage() {
  const { t, i18n } = useTranslation();
  const [search] = Form.useForm<{ typeId?: number; model?: number }>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [editing, setEditing] = useState<ProcessRow | 'new' | null>(null);
  const query = cleanFilter(filter);
  const list = usePagedRows<ProcessRow>(URLS.processSettings, query, page);
  const types = useProjectTypes();
  const models = useModelOptions();
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
        <RowActions
          resource="itemprocess"
          onEdit={() => setEditing(row)}
          onRemove={() =>
            confirmRemove(
              `${typeName(row.typeId)} / ${models.options.find((o) => o.value === row.model)?.label ?? row.model}`,
              async () => {
                await send('DELETE', `${URLS.processSettings}/${row.id}`);
                await reload();
              },
            )
          }
        />
      ),
    },
  ];

  return (
    <PageFrame testId="itemprocess-page">
      <SearchBar
        form={search}
        onSearch={(v) => {
          setFilter(v);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="typeId" label={t('masterData.field.type')}>
          <Select allowClear style={{ width: 180 }} placeholder={t('masterData.all')} options={typeOptions} />
        </Form.Item>
        <Form.Item name="model" label={t('masterData.field.model')}>
          <Select allowClear style={{ width: 180 }} placeholder={t('masterData.all')} options={models.options} />
        </Form.Item>
      </SearchBar>
      <ToolRow
        resource="itemprocess"
        onAdd={() => setEditing('new')}
        onExport={() => exportRows(URLS.processSettings, query, 'process-settings.xlsx')}
        onRefresh={reload}
      />
      <Table<ProcessRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
      <ProcessDrawer
        editing={editing}
        typeOptions={typeOptions}
        modelOptions={models.options}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await reload();
        }}
      />
    </PageFrame>
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
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const row = editing && editing !== 'new' ? editing : null;

  async function save(v: ProcessValues) {
    setBusy(true);
    setRefusal(null);
    try {
      const requiredDocuments = (v.requiredDocuments ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('\n');
      const body = { ...v, requiredDocuments };
      if (row) await send('PUT', `${URLS.processSettings}/${row.id}`, body);
      else await send('POST', URLS.processSettings, body);
      await onSaved();
    } catch (error) {
      // e.g. "this type already has a setting for this model": kept on screen.
      setRefusal(refusalText(error));
    } finally {
      setBusy(false);
    }
  }

  const dayRule = (min: number, max: number, message: string) => [
    { required: true, message },
    { type: 'number' as const, min, max, message },
  ];

  return (
    <FormDrawer
      open={editing !== null}
      title={t(row ? 'masterData.itemprocess.editTitle' : 'masterData.itemprocess.addTitle')}
      busy={busy}
      refusal={refusal}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      onSave={() => form.submit()}
      testId="itemprocess-form"
    >
      <Form<ProcessValues>
        form={form}
        name="itemprocess"
        layout="vertical"
        preserve={false}
        clearOnDestroy
        onFinish={save}
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
      </Form>
    </FormDrawer>
  );
}
