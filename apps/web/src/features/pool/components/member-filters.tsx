import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useHallOptions } from '@/shared/api/hall-options';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { SelectFilter, TextFilter, searchFilter } from '@/shared/components/list-kit/filters';
import { usePoolStatuses } from './pool-parts';

/** The members' filters: keyword (company name or credit code), type, region, status, a day of validity. */
export function MemberFilters() {
  const { t } = useTranslation();
  const options = useHallOptions();
  const statuses = usePoolStatuses();
  return (
    <>
      <TextFilter name="keyword" label={t('pool.filter.keyword')} width={220} maxLength={100} />
      <Form.Item name="typeId" label={t('pool.field.type')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('pool.field.type')}
          options={options.types.map((x) => ({ value: x.id, label: x.label }))}
        />
      </Form.Item>
      <Form.Item name="placeId" label={t('pool.field.region')}>
        <LabelTreeSelect options={options.places} style={{ width: 180 }} />
      </Form.Item>
      <SelectFilter name="status" label={t('pool.field.status')} options={statuses.options} width={120} />
      <Form.Item name="validOn" label={t('pool.field.validOn')}>
        <DatePicker style={{ width: 150 }} />
      </Form.Item>
    </>
  );
}

/** The search form's values as the list's query: the day as YYYY-MM-DD. */
export function memberFilter(values: Record<string, unknown>): Record<string, unknown> {
  const { validOn, ...rest } = searchFilter(values) as { validOn?: Dayjs | null } & Record<string, unknown>;
  return validOn ? { ...rest, validOn: validOn.format('YYYY-MM-DD') } : rest;
}
