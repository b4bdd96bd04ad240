import { Col, Form, Input, InputNumber, Radio } from 'antd';
import type { SelectProps, TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
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
      <Col xs={24} sm={12}>
        <Form.Item name="orderNum" label={t('masterData.field.orderNum')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
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
  orderNum?: number;
  status?: '0' | '1';
}

/** Trims the names and fills the defaults the server expects. */
export function nameBody(v: NameValues) {
  return { name: v.name.trim(), nameZh: (v.nameZh ?? '').trim(), orderNum: v.orderNum ?? 0, status: v.status ?? '0' };
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
