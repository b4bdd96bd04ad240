import { Empty, Select, Space, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime, localName } from '@/shared/lib/format';
import { searchSuppliers, type MemberDetail, type MemberRow } from '../api/pool';

export const usePoolStatuses = () => useDictOptions('pool_member_status');

/** The columns of a member in every list of the pool: company, type, region, validity, status. */
export function useMemberColumns(options: { status?: boolean } = {}): TableColumnsType<MemberRow> {
  const { t, i18n } = useTranslation();
  const statuses = usePoolStatuses();
  const lang = i18n.language;
  const columns: TableColumnsType<MemberRow> = [
    {
      key: 'company',
      title: t('pool.field.company'),
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <span>{m.companyName}</span>
          <Typography.Text type="secondary">{m.creditCode}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('pool.field.type'),
      render: (_, m) => {
        const type = localName(lang, m.typeName, m.typeNameZh);
        const sub = m.subCategoryName ? localName(lang, m.subCategoryName, m.subCategoryNameZh) : null;
        return sub ? `${type} / ${sub}` : type;
      },
    },
    { key: 'region', title: t('pool.field.region'), render: (_, m) => localName(lang, m.placeName, m.placeNameZh) },
    {
      key: 'validity',
      title: t('pool.field.validity'),
      render: (_, m) => t('pool.field.validityValue', { from: m.validFrom, to: m.validTo }),
    },
  ];
  if (options.status === false) return columns;
  return [
    ...columns,
    {
      key: 'status',
      title: t('pool.field.status'),
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <DictTag options={statuses.dict} value={m.status} />
          {m.statusReason ? <Typography.Text type="secondary">{m.statusReason}</Typography.Text> : null}
        </Space>
      ),
    },
  ];
}

const ACTIONS = ['add', 'edit', 'import', 'suspend', 'reinstate'] as const;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

/** A member's moves, oldest first: added or imported, edited, suspended with its reason, reinstated. */
export function MemberTimeline({ timeline }: { timeline: MemberDetail['timeline'] }) {
  const { t } = useTranslation();
  if (timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="pool-timeline"
      items={timeline.map((entry) => {
        const action = entry.action.replace(/^pool_member\./, '');
        const known = (ACTIONS as readonly string[]).includes(action);
        const reason = text(entry.data.reason);
        const file = text(entry.data.file);
        return {
          key: entry.id,
          color: action === 'suspend' ? 'red' : action === 'reinstate' ? 'green' : 'blue',
          title: formatTime(entry.createdAt),
          content: (
            <div>
              <strong>{known ? t(`pool.timeline.actions.${action as (typeof ACTIONS)[number]}`) : entry.action}</strong>
              {entry.actorName ? <Typography.Text type="secondary"> · {entry.actorName}</Typography.Text> : null}
              {reason ? <div>{t('pool.timeline.reason', { reason })}</div> : null}
              {file ? <div>{t('pool.timeline.file', { file, row: text(entry.data.row) ?? '' })}</div> : null}
            </div>
          ),
        };
      })}
    />
  );
}

/**
 * Picks a supplier company by typing part of its name (the administrator's supplier list answers);
 * `initial` shows the company already chosen when a member is edited.
 */
export function CompanyPicker({
  value,
  onChange,
  initial,
  id,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  initial?: { id: number; name: string; creditCode: string };
  id?: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: number; label: string }[]>(() =>
    initial ? [{ value: initial.id, label: `${initial.name} (${initial.creditCode})` }] : [],
  );
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const handle = setTimeout(() => {
      setLoading(true);
      searchSuppliers(search)
        .then((rows) =>
          setOptions((prev) => {
            const found = rows.map((c) => ({ value: c.compId, label: `${c.compName} (${c.creditCode})` }));
            const chosen = prev.find((o) => o.value === value && !found.some((f) => f.value === value));
            return chosen ? [chosen, ...found] : found;
          }),
        )
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, 300);
    return () => clearTimeout(handle);
    // The chosen value is kept among the options; a new search is what asks again.
  }, [search]);
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      loading={loading}
      placeholder={t('pool.member.companySearch')}
      allowClear
      notFoundContent={null}
    />
  );
}
