import { Col, Form, Input, Radio, Row, Select } from 'antd';
import type { FormInstance, SelectProps, TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { OrderField, orderValue } from '@/shared/components/list-kit/form-fields';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { DictTag } from '@/shared/components/dict-tag';
import { DeleteLink, EditLink } from '@/shared/components/list-kit/list-parts';
import { dictLabel, useDict } from '@/shared/lib/dict';

export const perm = (resource: string, action: string) => [`basic:${resource}:${action}`];

/** Status options of dictionary `sys_normal_disable`, in the interface language. */
export function useStatusOptions() {
  const { i18n } = useTranslation();
  const dict = useDict('sys_normal_disable');
  return {
    dict: dict.data,
    options: (dict.data ?? []).map((o) => ({ value: o.dictValue, label: dictLabel(o, i18n.language) })),
  };
}

export function StatusTag({ value }: { value: string }) {
  const { dict } = useStatusOptions();
  return <DictTag options={dict} value={value} />;
}

/** The status column of a master-data list. */
export function statusColumn<T extends { status: string }>(t: TFunction): TableColumnsType<T>[number] {
  return {
    key: 'status',
    dataIndex: 'status',
    title: t('masterData.field.status'),
    render: (v: string) => <StatusTag value={v} />,
  };
}

/** A search choice whose empty value reads "All". */
export function AllFilter(props: { name: string; label: string; options: SelectProps['options']; width?: number }) {
  const { t } = useTranslation();
  return <SelectFilter width={180} {...props} placeholder={t('masterData.all')} />;
}

/** Search by name and status; `children` stand between the two. */
export function NameStatusFilters({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const status = useStatusOptions();
  return (
    <>
      <TextFilter name="name" label={t('masterData.field.name')} width={180} />
      {children}
      <AllFilter name="status" label={t('masterData.field.status')} width={140} options={status.options} />
    </>
  );
}

/** English name, Chinese name, order and status: the fields every named row has. */
export function NameFields() {
  const { t } = useTranslation();
  const status = useStatusOptions();
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item
          name="name"
          label={t('masterData.field.name')}
          rules={[
            { required: true, whitespace: true, message: t('masterData.validation.nameRequired') },
            { max: 50, message: t('masterData.validation.max50') },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="nameZh"
          label={t('masterData.field.nameZh')}
          rules={[{ max: 50, message: t('masterData.validation.max50') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <OrderField />
      <Col xs={24} sm={12}>
        <Form.Item name="status" label={t('masterData.field.status')}>
          <Radio.Group options={status.options} />
        </Form.Item>
      </Col>
    </>
  );
}

export interface NameValues {
  name: string;
  nameZh?: string;
  /** As typed: read with `orderValue`. */
  orderNum?: string | number;
  status?: '0' | '1';
}

/** Trims the names and fills the defaults the server expects. */
export function nameBody(v: NameValues) {
  return {
    name: v.name.trim(),
    nameZh: (v.nameZh ?? '').trim(),
    orderNum: orderValue(v.orderNum),
    status: v.status ?? '0',
  };
}

/** Edit and delete links of a row, each behind its permission. */
export function RowLinks({
  resource,
  name,
  onEdit,
  onDelete,
}: {
  resource: string;
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <EditLink permissions={perm(resource, 'edit')} onClick={onEdit} />
      <DeleteLink
        permissions={perm(resource, 'remove')}
        name={name}
        confirmText={t('masterData.confirmRemove', { name })}
        onDelete={onDelete}
      />
    </>
  );
}

/**
 * The add / edit drawer of a master-data record: titled by `resource`'s texts, the server's
 * refusal kept on top, the fields in a two-column grid.
 */
export function MasterDataDrawer<V extends object>({
  resource,
  open,
  editing,
  form,
  initialValues,
  onClose,
  onSubmit,
  children,
}: {
  resource: 'itemtype' | 'itemprocess' | 'itemplace' | 'subcate' | 'departcate';
  open: boolean;
  /** An existing record (the edit title) or a new one. */
  editing: boolean;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<V>
      variant="drawer"
      open={open}
      title={t(`masterData.${resource}.${editing ? 'editTitle' : 'addTitle'}`)}
      form={form}
      name={resource}
      testId={`${resource}-form`}
      // e.g. "this type already has a setting for this model": kept on screen.
      refusalTestId="md-refusal"
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Row gutter={16}>{children}</Row>
    </FormDialog>
  );
}

/** The required project type of a record, picked by name. */
export function TypeField({ options, half }: { options: SelectProps['options']; half?: boolean }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} sm={half ? 12 : 24}>
      <Form.Item
        name="typeId"
        label={t('masterData.field.type')}
        rules={[{ required: true, message: t('masterData.validation.typeRequired') }]}
      >
        <Select options={options} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </Col>
  );
}

type Resource = 'itemtype' | 'itemprocess' | 'subcate' | 'departcate';

/**
 * The list page of a master-data table: its search, add and export, the table with edit and
 * delete links. A `named` table (names in both languages, order, status) is searched by name and
 * status, `filters` standing between the two, and shows its status last.
 */
export function MasterDataList<T extends { id: number; status?: string }>({
  resource,
  records,
  named,
  filters,
  columns,
  fileName,
  rowName,
  onEdit,
  children,
}: {
  resource: Resource;
  records: RecordListState<T>;
  named?: boolean;
  filters?: ReactNode;
  columns: TableColumnsType<T>;
  fileName: string;
  rowName: (row: T) => string;
  onEdit: (row: T) => void;
  /** The add / edit drawer. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const status: TableColumnsType<T> = named
    ? [{ ...statusColumn<{ status: string }>(t), key: 'status' } as TableColumnsType<T>[number]]
    : [];
  return (
    <ListFrame testId={`${resource}-page`}>
      <RecordList<T>
        records={records}
        searchToggle={false}
        search={named ? <NameStatusFilters>{filters}</NameStatusFilters> : filters}
        add={perm(resource, 'add')}
        exportAs={{ permissions: perm(resource, 'export'), fileName }}
        columns={[...columns, ...status]}
        rowActions={(row) => (
          <RowLinks
            resource={resource}
            name={rowName(row)}
            onEdit={() => onEdit(row)}
            onDelete={() => records.remove([row.id])}
          />
        )}
      />
      {children}
    </ListFrame>
  );
}
