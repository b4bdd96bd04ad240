import { useTranslation } from 'react-i18next';
import { dictLabel, type DictOption } from '@/shared/lib/dict';
import './plain-hall.css';
import { listClassColour, PlainTag } from './plain-states';

/**
 * The public pages' DictTag (shared/components/dict-tag.tsx) in plain HTML: dictionary values by
 * label (spec §4), plain text for a default or empty list class, otherwise a coloured tag; a value
 * missing from the dictionary is shown as it is. Nothing while the dictionary has not arrived,
 * rather than the raw value (as the hall's rows).
 */
export function PlainDictTag({
  options,
  value,
}: {
  options: readonly DictOption[] | undefined;
  /** One value, or several (an array or a comma-separated string). */
  value: string | number | readonly (string | number)[] | null | undefined;
}) {
  const { i18n } = useTranslation();
  if (!options || value === null || value === undefined || value === '') return null;
  const values = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return (
    <span className="ph-dict">
      {values.map((raw) => {
        const option = options.find((o) => o.dictValue === raw);
        if (!option) return <span key={raw}>{raw}</span>;
        const label = dictLabel(option, i18n.language);
        const colour = listClassColour(option.listClass);
        return colour ? (
          <PlainTag key={raw} color={colour} className={option.cssClass || undefined}>
            {label}
          </PlainTag>
        ) : (
          <span key={raw} className={option.cssClass || undefined}>
            {label}
          </span>
        );
      })}
    </span>
  );
}
