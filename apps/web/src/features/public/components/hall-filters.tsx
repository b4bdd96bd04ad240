import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HallFilters as Filters } from '../api/hall';
import type { ChoiceOption } from './hall-data';
import './plain-hall.css';
import { buttonText, usePlainTexts } from './plain-texts';

export const STATUSES = ['all', 'open', 'closed'] as const;
export const SORTS = ['published', 'deadline', 'budget'] as const;

/** What a filter change asks of the URL: a value, or `undefined` to drop it. */
export type FilterPatch = Record<string, string | number | undefined>;

const SEARCH_ICON =
  'M909.6 854.5L649.9 594.8C690.2 542.7 712 479 712 412c0-80.2-31.3-155.4-87.9-212.1-56.6-56.7-132-87.9-212.1-87.9s-155.5 31.3-212.1 87.9C143.2 256.5 112 331.8 112 412c0 80.1 31.3 155.5 87.9 212.1C256.5 680.8 331.8 712 412 712c67 0 130.6-21.8 182.7-62l259.7 259.6a8.2 8.2 0 0011.6 0l43.6-43.5a8.2 8.2 0 000-11.6zM570.4 570.4C528 612.7 471.8 636 412 636s-116-23.3-158.4-65.6C211.3 528 188 471.8 188 412s23.3-116.1 65.6-158.4C296 211.3 352.2 188 412 188s116.1 23.2 158.4 65.6S636 352.2 636 412s-23.3 116.1-65.6 158.4z';
const CLEAR_ICON =
  'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z';

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

/**
 * The keyword box: searched on Enter or the button; the clear button searches without a keyword.
 * Give it `key={keyword}` so that it shows the URL's keyword again after a reset or going back.
 */
export function KeywordBox({
  keyword,
  placeholder,
  onSearch,
}: {
  keyword?: string;
  placeholder: string;
  onSearch: (keyword: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const texts = usePlainTexts();
  const [value, setValue] = useState(keyword ?? '');
  return (
    <form
      className="ph-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim() || undefined);
      }}
    >
      <span className="ph-search__box">
        <input
          type="search"
          className="ph-search__input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          enterKeyHint="search"
        />
        {value ? (
          <button
            type="button"
            className="ph-search__clear"
            aria-label={texts.clear}
            title={texts.clear}
            onClick={() => {
              setValue('');
              onSearch(undefined);
            }}
          >
            <Icon d={CLEAR_ICON} />
          </button>
        ) : null}
      </span>
      <button type="submit" className="ph-search__button" aria-label={t('projects.search')}>
        <Icon d={SEARCH_ICON} />
      </button>
    </form>
  );
}

/**
 * A native select named by its label. With `clearable` its first choice is the label itself, shown
 * in the placeholder grey, and choosing it drops the filter. Places are indented by level.
 */
export function ChoiceSelect<V extends string | number>({
  label,
  value,
  options,
  onChange,
  clearable = false,
}: {
  label: string;
  value: V | undefined;
  options: readonly ChoiceOption<V>[];
  onChange: (value: V | undefined) => void;
  clearable?: boolean;
}) {
  const empty = value === undefined;
  // A value from the URL that the options do not hold (yet): kept, so the select shows it once they arrive.
  const known = empty || options.some((o) => o.value === value);
  return (
    <select
      className={`ph-select${known && !empty ? '' : ' ph-select--empty'}`}
      aria-label={label}
      value={empty ? '' : String(value)}
      onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value)}
    >
      {clearable || empty ? <option value="">{label}</option> : null}
      {known ? null : <option value={String(value)}>{label}</option>}
      {options.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {/* Indented in the list; the chosen one unindented, as the closed select shows it. */}
          {o.value === value ? '' : '\u00a0\u00a0\u00a0'.repeat(o.depth ?? 0)}
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The hall's filters (keyword, type, place, selection model, sign-up status, sort, reset): native
 * controls in the look of antd's, each labelled for assistive technology.
 */
export function HallFilters({
  filters,
  types,
  places,
  models,
  onChange,
  onReset,
}: {
  filters: Filters;
  types: readonly ChoiceOption[];
  places: readonly ChoiceOption[];
  models: readonly ChoiceOption[];
  onChange: (patch: FilterPatch) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ph-filters" role="search">
      <KeywordBox
        key={filters.keyword ?? ''}
        keyword={filters.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        placeholder={t('projects.hall.keywordPlaceholder')}
      />
      <ChoiceSelect
        clearable
        label={t('projects.field.type')}
        value={filters.typeId}
        options={types}
        onChange={(typeId) => onChange({ typeId })}
      />
      <ChoiceSelect
        clearable
        label={t('projects.field.place')}
        value={filters.placeId}
        options={places}
        onChange={(placeId) => onChange({ placeId })}
      />
      <ChoiceSelect
        clearable
        label={t('projects.field.model')}
        value={filters.model}
        options={models}
        onChange={(model) => onChange({ model })}
      />
      <ChoiceSelect
        label={t('projects.hall.statusFilter')}
        value={filters.status ?? 'all'}
        options={STATUSES.map((s) => ({ value: s, label: t(`projects.hall.status.${s}`) }))}
        onChange={(status) => onChange({ status: status === 'all' ? undefined : status })}
      />
      <ChoiceSelect
        label={t('projects.hall.sortBy')}
        value={`${filters.sort ?? 'published'}:${filters.order ?? 'desc'}`}
        options={SORTS.flatMap((s) =>
          (['desc', 'asc'] as const).map((o) => ({ value: `${s}:${o}`, label: t(`projects.hall.sort.${s}_${o}`) })),
        )}
        onChange={(v) => {
          const [sort, order] = (v ?? 'published:desc').split(':');
          onChange({ sort, order });
        }}
      />
      <button type="button" className="ph-btn" onClick={onReset}>
        {buttonText(t('common.reset'))}
      </button>
    </div>
  );
}
