import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A table column that can be shown or hidden (spec §3 "Table column: key, label, visible"). */
export interface ColumnOption {
  key: string;
  label: string;
  visible: boolean;
}

/** Column visibility state for a table; filter the table's columns with `isVisible`. */
export function useColumnVisibility(initial: readonly ColumnOption[]) {
  const [columns, setColumns] = useState<ColumnOption[]>(() => initial.map((c) => ({ ...c })));
  const hidden = useMemo(() => new Set(columns.filter((c) => !c.visible).map((c) => c.key)), [columns]);
  return {
    columns,
    isVisible: (key: string) => !hidden.has(key),
    setVisible: (key: string, visible: boolean) =>
      setColumns((list) => list.map((c) => (c.key === key ? { ...c, visible } : c))),
  };
}

/** The toolbar button that lists columns with a checkbox each. */
export function ColumnSettings({
  columns,
  onToggle,
}: {
  columns: ColumnOption[];
  onToggle: (key: string, visible: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('table.showColumns')}
      content={
        <div className="column-settings">
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              checked={column.visible}
              onChange={(e) => onToggle(column.key, e.target.checked)}
            >
              {column.label}
            </Checkbox>
          ))}
        </div>
      }
    >
      <Tooltip title={t('table.columns')}>
        <Button shape="circle" icon={<SettingOutlined />} aria-label={t('table.showColumns')} />
      </Tooltip>
    </Popover>
  );
}
