import { Col, Form, Input, Row, Select, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { AddButton, ExportButton, ListFrame, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { ListTable, useListState } from '@/shared/components/list-kit/list-parts';
import { exportList, mutate, saveRecord, usePagedList } from '@/shared/lib/list';
import { localName, useProjectTypes, useRefresh, type NamedRow } from '../api/master-data';
import { NameFields, nameBody, perm, RowLinks, StatusTag, useStatusOptions, type NameValues } from './name-fields';

type Row_ = NamedRow & { typeId?: number };
interface Values extends NameValues {
  typeId?: number;
}

interface NamedPagedPageProps {
  /** Permission resource and text group, e.g. `subcate`. */
  resource: 'subcate' | 'departcate';
  url: string;
  exportName: string;
  /** Rows belong to a project type (sub-categories). */
  withType?: boolean;
}

/** A paged list of named rows with search, export and a form drawer (subcate, departcate). */
export function NamedPagedPage({ resource, url, exportName, withType }: NamedPagedPageProps) {
  const { t, i18n } = useTranslation();
  const [search] = Form.useForm<Record<string, unknown>>();
  const state = useListState<Record<string, unknown>>();
  const [editing, setEditing] = useState<Row_ | 'new' | null>(null);
  const list = usePagedList<Row_>(url, state.query, state.page);
  const types = useProjectTypes();
  const status = useStatusOptions();
  const refresh = useRefresh();
  const reload = () => refresh(url);
  const typeOptions = (types.data ?? []).map((x) => ({ value: x.id, label: localName(x, i18n.language) }));

  const columns: TableColumnsType<Row_> = [
    { key: 'name', title: t('masterData.field.name'), render: (_, r) => localName(r, i18n.language) },
    ...(withType
      ? [
          {
            key: 'type',
            title: t('masterData.field.type'),
            render: (_: unknown, r: Row_) =>
              localName(
                types.data?.find((x) => x.id === r.typeId),
                i18n.language,
              ) || r.typeId,
          },
        ]
      : []),
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
            resource={resource}
            name={localName(row, i18n.language)}
            onEdit={() => setEditing(row)}
            onDelete={async () => {
              await mutate('DELETE', `${url}/${row.id}`);
              await reload();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId={`${resource}-page`}>
      <SearchForm form={search} onSearch={state.search} onReset={state.reset}>
        <Form.Item name="name" label={t('masterData.field.name')}>
          <Input allowClear style={{ width: 180 }} placeholder={t('masterData.field.name')} />
        </Form.Item>
        {withType ? (
          <Form.Item name="typeId" label={t('masterData.field.type')}>
            <Select allowClear style={{ width: 180 }} placeholder={t('masterData.all')} options={typeOptions} />
          </Form.Item>
        ) : null}
        <Form.Item name="status" label={t('masterData.field.status')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('masterData.all')} options={status.options} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={reload}>
        <AddButton permissions={perm(resource, 'add')} onClick={() => setEditing('new')} />
        <ExportButton
          permissions={perm(resource, 'export')}
          onClick={() => exportList(`${url}/export`, state.query, exportName)}
        />
      </Toolbar>
      <ListTable<Row_>
        rowKey="id"
        list={list}
        columns={columns}
        paging={{ page: state.page, onChange: state.setPage }}
      />
      <NamedDrawer
        resource={resource}
        url={url}
        typeOptions={withType ? typeOptions : undefined}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </ListFrame>
  );
}

function NamedDrawer({
  resource,
  url,
  typeOptions,
  editing,
  onClose,
  onSaved,
}: {
  resource: NamedPagedPageProps['resource'];
  url: string;
  typeOptions?: { value: number; label: string }[];
  editing: Row_ | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const row = editing && editing !== 'new' ? editing : null;

  return (
    <FormDialog<Values>
      variant="drawer"
      open={editing !== null}
      title={t(row ? `masterData.${resource}.editTitle` : `masterData.${resource}.addTitle`)}
      form={form}
      name={resource}
      testId={`${resource}-form`}
      refusalTestId="md-refusal"
      onClose={onClose}
      onSubmit={async (v) => {
        await saveRecord(url, row?.id, { ...nameBody(v), ...(typeOptions ? { typeId: v.typeId } : {}) });
        await onSaved();
      }}
      initialValues={row ? { ...row, status: row.status === '1' ? '1' : '0' } : { orderNum: 0, status: '0' }}
    >
      <Row gutter={16}>
        {typeOptions ? (
          <Col xs={24}>
            <Form.Item
              name="typeId"
              label={t('masterData.field.type')}
              rules={[{ required: true, message: t('masterData.validation.typeRequired') }]}
            >
              <Select options={typeOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        ) : null}
        <NameFields />
      </Row>
    </FormDialog>
  );
}
