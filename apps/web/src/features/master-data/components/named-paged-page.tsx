import { Col, Form, Row, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { localName, useTypeOptions, type NamedRow } from '../api/master-data';
import {
  AllFilter,
  NameFields,
  nameBody,
  NameStatusFilters,
  perm,
  RowLinks,
  statusColumn,
  type NameValues,
} from './name-fields';

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
  const records = useRecordList<Row_>(url, { also: ['hall'] });
  const typeOptions = useTypeOptions();

  const columns: TableColumnsType<Row_> = [
    { key: 'name', title: t('masterData.field.name'), render: (_, r) => localName(r, i18n.language) },
    ...(withType
      ? [
          {
            key: 'type',
            title: t('masterData.field.type'),
            render: (_: unknown, r: Row_) => typeOptions.nameOf(r.typeId ?? 0),
          },
        ]
      : []),
    { key: 'orderNum', dataIndex: 'orderNum', title: t('masterData.field.orderNum') },
    statusColumn(t),
  ];

  return (
    <ListFrame testId={`${resource}-page`}>
      <RecordList<Row_>
        records={records}
        rowKey="id"
        searchToggle={false}
        search={
          <NameStatusFilters>
            {withType ? (
              <AllFilter name="typeId" label={t('masterData.field.type')} options={typeOptions.options} />
            ) : null}
          </NameStatusFilters>
        }
        add={perm(resource, 'add')}
        exportAs={{ permissions: perm(resource, 'export'), fileName: exportName }}
        columns={columns}
        rowActions={(row) => (
          <RowLinks
            resource={resource}
            name={localName(row, i18n.language)}
            onEdit={() => records.setEditing(row)}
            onDelete={() => records.remove([row.id])}
          />
        )}
      />
      <NamedDrawer resource={resource} records={records} typeOptions={withType ? typeOptions.options : undefined} />
    </ListFrame>
  );
}

function NamedDrawer({
  resource,
  records,
  typeOptions,
}: {
  resource: NamedPagedPageProps['resource'];
  records: RecordListState<Row_>;
  typeOptions?: { value: number; label: string }[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const row = records.editedRow;

  return (
    <FormDialog<Values>
      variant="drawer"
      open={records.editing !== null}
      title={t(row ? `masterData.${resource}.editTitle` : `masterData.${resource}.addTitle`)}
      form={form}
      name={resource}
      testId={`${resource}-form`}
      refusalTestId="md-refusal"
      onClose={records.close}
      onSubmit={(v) => records.save(row?.id, { ...nameBody(v), ...(typeOptions ? { typeId: v.typeId } : {}) })}
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
