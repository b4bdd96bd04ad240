import { Col, Form, Input, Row, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import {
  cleanFilter,
  confirmRemove,
  exportRows,
  localName,
  refusalText,
  send,
  usePagedRows,
  useProjectTypes,
  useRefresh,
  type NamedRow,
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
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [editing, setEditing] = useState<Row_ | 'new' | null>(null);
  const query = cleanFilter(filter);
  const list = usePagedRows<Row_>(url, query, page);
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
        <RowActions
          resource={resource}
          onEdit={() => setEditing(row)}
          onRemove={() =>
            confirmRemove(localName(row, i18n.language), async () => {
              await send('DELETE', `${url}/${row.id}`);
              await reload();
            })
          }
        />
      ),
    },
  ];

  return (
    <PageFrame testId={`${resource}-page`}>
      <SearchBar
        form={search}
        onSearch={(v) => {
          setFilter(v);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
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
      </SearchBar>
      <ToolRow
        resource={resource}
        onAdd={() => setEditing('new')}
        onExport={() => exportRows(url, query, exportName)}
        onRefresh={reload}
      />
      <Table<Row_>
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
      <NamedDrawer
        resource={resource}
        url={url}
        typeOptions={withType ? typeOptions : undefined}
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
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const row = editing && editing !== 'new' ? editing : null;

  async function save(v: Values) {
    setBusy(true);
    setRefusal(null);
    try {
      const body = { ...nameBody(v), ...(typeOptions ? { typeId: v.typeId } : {}) };
      if (row) await send('PUT', `${url}/${row.id}`, body);
      else await send('POST', url, body);
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
      title={t(row ? `masterData.${resource}.editTitle` : `masterData.${resource}.addTitle`)}
      busy={busy}
      refusal={refusal}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      onSave={() => form.submit()}
      testId={`${resource}-form`}
    >
      <Form<Values>
        form={form}
        name={resource}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        onFinish={save}
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
      </Form>
    </FormDrawer>
  );
}
