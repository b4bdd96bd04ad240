import { EXPERT_KINDS } from '@lvb/contracts/experts';
import { DatePicker, Empty, Form, Select, Space, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHallOptions } from '@/shared/api/hall-options';
import { DictTag } from '@/shared/components/dict-tag';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { SelectFilter, TextFilter, searchFilter } from '@/shared/components/list-kit/filters';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime, localName } from '@/shared/lib/format';
import { searchExpertAccounts, type ExpertDetail, type ExpertRow } from '../api/experts';

export const useExpertStatuses = () => useDictOptions('expert_status');

/** The kinds of expert as select or radio options, in the interface language. */
export function useExpertKinds() {
  const { t } = useTranslation();
  return EXPERT_KINDS.map((k) => ({ value: k, label: t(`pool.expert.kind.${k}`) }));
}

/** The experts' filters: keyword (name, account or employer), specialty, region, kind, status, a day of validity. */
export function ExpertFilters() {
  const { t } = useTranslation();
  const options = useHallOptions();
  const statuses = useExpertStatuses();
  const kinds = useExpertKinds();
  return (
    <>
      <TextFilter name="keyword" label={t('pool.expert.filter.keyword')} width={220} maxLength={100} />
      <Form.Item name="typeId" label={t('pool.expert.field.specialty')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('pool.expert.field.specialty')}
          options={options.types.map((x) => ({ value: x.id, label: x.label }))}
        />
      </Form.Item>
      <Form.Item name="placeId" label={t('pool.expert.field.region')}>
        <LabelTreeSelect options={options.places} style={{ width: 180 }} />
      </Form.Item>
      <SelectFilter name="kind" label={t('pool.expert.field.kind')} options={kinds} width={130} />
      <SelectFilter name="status" label={t('pool.expert.field.status')} options={statuses.options} width={120} />
      <Form.Item name="validOn" label={t('pool.field.validOn')}>
        <DatePicker style={{ width: 150 }} />
      </Form.Item>
    </>
  );
}

/** The search form's values as the list's query: the day as YYYY-MM-DD. */
export function expertFilter(values: Record<string, unknown>): Record<string, unknown> {
  const { validOn, ...rest } = searchFilter(values) as { validOn?: Dayjs | null } & Record<string, unknown>;
  return validOn ? { ...rest, validOn: validOn.format('YYYY-MM-DD') } : rest;
}

/** The columns of an expert: name and account, kind, specialty, region, employer, validity, status. */
export function useExpertColumns(): TableColumnsType<ExpertRow> {
  const { t, i18n } = useTranslation();
  const statuses = useExpertStatuses();
  const lang = i18n.language;
  return [
    {
      key: 'name',
      title: t('pool.expert.field.name'),
      render: (_, e) => (
        <Space orientation="vertical" size={0}>
          <span>{e.name}</span>
          <Typography.Text type="secondary">
            {e.loginUid}
            {e.deptName ? ` · ${e.deptName}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'kind', title: t('pool.expert.field.kind'), render: (_, e) => t(`pool.expert.kind.${e.kind}`) },
    {
      key: 'specialty',
      title: t('pool.expert.field.specialty'),
      render: (_, e) => localName(lang, e.typeName, e.typeNameZh),
    },
    {
      key: 'region',
      title: t('pool.expert.field.region'),
      render: (_, e) => localName(lang, e.placeName, e.placeNameZh),
    },
    {
      key: 'employer',
      title: t('pool.expert.field.employer'),
      render: (_, e) =>
        e.employer ? (
          <Space orientation="vertical" size={0}>
            <span>{e.employer}</span>
            {e.employerCreditCode ? <Typography.Text type="secondary">{e.employerCreditCode}</Typography.Text> : null}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      key: 'validity',
      title: t('pool.expert.field.validity'),
      render: (_, e) => t('pool.field.validityValue', { from: e.validFrom, to: e.validTo }),
    },
    {
      key: 'status',
      title: t('pool.expert.field.status'),
      render: (_, e) => (
        <Space orientation="vertical" size={0}>
          <DictTag options={statuses.dict} value={e.status} />
          {e.statusReason ? <Typography.Text type="secondary">{e.statusReason}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'createdAt', title: t('pool.expert.field.createdAt'), render: (_, e) => formatTime(e.createdAt) },
  ];
}

const ACTIONS = ['add', 'edit', 'suspend', 'reinstate'] as const;

/** An expert's moves, oldest first: added, edited, suspended with its reason, reinstated. */
export function ExpertTimeline({ timeline }: { timeline: ExpertDetail['timeline'] }) {
  const { t } = useTranslation();
  if (timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="expert-timeline"
      items={timeline.map((entry) => {
        const action = entry.action.replace(/^expert\./, '');
        const known = (ACTIONS as readonly string[]).includes(action);
        const reason = typeof entry.data.reason === 'string' && entry.data.reason ? entry.data.reason : null;
        return {
          key: entry.id,
          color: action === 'suspend' ? 'red' : action === 'reinstate' ? 'green' : 'blue',
          title: formatTime(entry.createdAt),
          content: (
            <div>
              <strong>
                {known ? t(`pool.expert.timelineActions.${action as (typeof ACTIONS)[number]}`) : entry.action}
              </strong>
              {entry.actorName ? <Typography.Text type="secondary"> · {entry.actorName}</Typography.Text> : null}
              {reason ? <div>{t('pool.timeline.reason', { reason })}</div> : null}
            </div>
          ),
        };
      })}
    />
  );
}

/** An account option's label: the name, the login id and the department. */
const accountLabel = (a: { name: string; loginUid: string; deptName: string | null }) =>
  `${a.name} (${a.loginUid}${a.deptName ? ` · ${a.deptName}` : ''})`;

/**
 * Picks the expert's account by typing part of its name or login id: active employees allowed to
 * score answer; `initial` shows the account already chosen when an expert is edited.
 */
export function ExpertAccountPicker({
  value,
  onChange,
  initial,
  id,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  initial?: { userId: number; name: string; loginUid: string; deptName: string | null };
  id?: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: number; label: string }[]>(() =>
    initial ? [{ value: initial.userId, label: accountLabel(initial) }] : [],
  );
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const handle = setTimeout(() => {
      setLoading(true);
      searchExpertAccounts(search)
        .then((rows) =>
          setOptions((prev) => {
            const found = rows.map((a) => ({ value: a.userId, label: accountLabel(a) }));
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
      placeholder={t('pool.expert.accountSearch')}
      allowClear
      notFoundContent={loading ? null : t('pool.expert.noAccounts')}
    />
  );
}
