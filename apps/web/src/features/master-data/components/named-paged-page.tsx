import { Form } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { localName, useTypeOptions, type NamedRow } from '../api/master-data';
import {
  AllFilter,
  MasterDataDrawer,
  MasterDataList,
  NameFields,
  nameBody,
  TypeField,
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
  ];

  return (
    <MasterDataList<Row_>
      resource={resource}
      records={records}
      named
      filters={
        withType ? <AllFilter name="typeId" label={t('masterData.field.type')} options={typeOptions.options} /> : null
      }
      columns={columns}
      fileName={exportName}
      rowName={(row) => localName(row, i18n.language)}
      onEdit={records.setEditing}
    >
      <NamedDrawer resource={resource} records={records} typeOptions={withType ? typeOptions.options : undefined} />
    </MasterDataList>
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
  const [form] = Form.useForm<Values>();
  const row = records.editedRow;

  return (
    <MasterDataDrawer<Values>
      resource={resource}
      open={records.editing !== null}
      editing={!!row}
      form={form}
      onClose={records.close}
      onSubmit={(v) => records.save(row?.id, { ...nameBody(v), ...(typeOptions ? { typeId: v.typeId } : {}) })}
      initialValues={row ? { ...row, status: row.status === '1' ? '1' : '0' } : { orderNum: 0, status: '0' }}
    >
      {typeOptions ? <TypeField options={typeOptions} /> : null}
      <NameFields />
    </MasterDataDrawer>
  );
}
