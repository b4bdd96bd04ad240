import { DatePicker, Form, Input, Select } from 'antd';
import type { SelectProps } from 'antd';

/** A search form's text field: its label is also its placeholder. */
export function TextFilter({
  name,
  label,
  width = 160,
  maxLength,
}: {
  name: string;
  label: string;
  width?: number;
  maxLength?: number;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear placeholder={label} style={{ width }} maxLength={maxLength} />
    </Form.Item>
  );
}

/** A search form's choice; the placeholder is the label unless given (e.g. "All"). */
export function SelectFilter({
  name,
  label,
  options,
  width = 120,
  placeholder,
  initialValue,
}: {
  name: string;
  label: string;
  options: SelectProps['options'];
  width?: number;
  placeholder?: string;
  initialValue?: unknown;
}) {
  return (
    <Form.Item name={name} label={label} initialValue={initialValue}>
      <Select allowClear style={{ width }} placeholder={placeholder ?? label} options={options} />
    </Form.Item>
  );
}

/** A search form's date range, read by `searchFilter` as `beginTime` / `endTime`. */
export function DateRangeFilter({ label }: { label: string }) {
  return (
    <Form.Item name="range" label={label}>
      <DatePicker.RangePicker style={{ width: 240 }} />
    </Form.Item>
  );
}

type Day = { format: (pattern: string) => string };

/**
 * A search form's values as the list's filter: text trimmed, and the date range of
 * `DateRangeFilter` as `beginTime` / `endTime` (YYYY-MM-DD) the way the list calls read it.
 */
export function searchFilter(values: object): Record<string, unknown> {
  const { range, ...rest } = values as { range?: [Day, Day] | null } & Record<string, unknown>;
  const trimmed = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
  if (!range) return trimmed;
  return { ...trimmed, beginTime: range[0]?.format('YYYY-MM-DD'), endTime: range[1]?.format('YYYY-MM-DD') };
}
