import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictLabel, type DictOption } from '@/shared/lib/dict';

/** RuoYi's list classes mapped to antd tag colours. */
const tagColors: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

interface DictTagProps {
  options: readonly DictOption[] | undefined;
  /** One value, or several (an array or a comma-separated string). */
  value: string | number | readonly (string | number)[] | null | undefined;
}

/**
 * Shows dictionary values by label (spec §4): plain text for a default or empty list class,
 * otherwise a coloured tag. A value missing from the dictionary is shown as it is.
 */
export function DictTag({ options, value }: DictTagProps) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  const values = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return (
    <Space size={4} wrap>
      {values.map((raw) => {
        const option = options?.find((o) => o.dictValue === raw);
        if (!option) return <span key={raw}>{raw}</span>;
        const label = dictLabel(option, i18n.language);
        if (!option.listClass || option.listClass === 'default') {
          return (
            <span key={raw} className={option.cssClass || undefined}>
              {label}
            </span>
          );
        }
        return (
          <Tag
            key={raw}
            color={tagColors[option.listClass] ?? option.listClass}
            className={option.cssClass || undefined}
          >
            {label}
          </Tag>
        );
      })}
    </Space>
  );
}
