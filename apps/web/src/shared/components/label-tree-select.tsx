import { TreeSelect } from 'antd';
import type { TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tree option (spec §3): id, label, children. */
export interface TreeOption {
  id: string | number;
  label: string;
  children?: TreeOption[];
}

/** True when the option's label contains the typed text (spec §5: filter by label substring). */
export function labelMatches(label: unknown, input: string): boolean {
  return String(label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/** Tree select over id/label options, searchable by label. */
export function LabelTreeSelect({
  options,
  ...props
}: Omit<TreeSelectProps, 'treeData' | 'fieldNames'> & { options: TreeOption[] }) {
  const { t } = useTranslation();
  return (
    <TreeSelect
      treeData={options}
      fieldNames={{ label: 'label', value: 'id', children: 'children' }}
      showSearch
      filterTreeNode={(input, node) => labelMatches((node as { label?: unknown }).label, input)}
      treeNodeFilterProp="label"
      placeholder={t('tree.searchPlaceholder')}
      allowClear
      {...props}
    />
  );
}
