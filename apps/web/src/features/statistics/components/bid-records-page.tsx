import { LockOutlined, SwapOutlined } from '@ant-design/icons';
import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { BIDS_URL, type BidRecordRow } from '../api/stats';
import { projectCell, twoLines } from './stats-parts';
import './statistics.css';

/** The price of a bid: sealed before the opening, none for a replaced bid, else in figures and in words. */
export function PriceCell({ row }: { row: BidRecordRow }) {
  const { t } = useTranslation();
  if (row.price !== null) {
    return (
      <span data-testid={`price-${row.id}`}>
        {twoLines(<strong>{formatYuan(row.price)}</strong>, fenToChineseCapital(row.price), 'zh-CN')}
      </span>
    );
  }
  if (row.replaced) {
    return (
      <Tooltip title={t('statistics.bids.replacedHint')}>
        <Typography.Text type="secondary" data-testid={`price-${row.id}`} tabIndex={0}>
          <SwapOutlined aria-hidden="true" /> {t('statistics.bids.replaced')}
        </Typography.Text>
      </Tooltip>
    );
  }
  if (!row.openedAt) {
    return (
      <Tooltip title={t('statistics.bids.sealedHint')}>
        <Typography.Text type="secondary" data-testid={`price-${row.id}`} tabIndex={0}>
          <LockOutlined aria-hidden="true" /> {t('statistics.bids.sealed')}
        </Typography.Text>
      </Tooltip>
    );
  }
  return <span data-testid={`price-${row.id}`}>{t('statistics.none')}</span>;
}

function bidColumns(t: TFunction): TableColumnsType<BidRecordRow> {
  return [
    {
      key: 'project',
      title: t('statistics.bids.field.project'),
      width: 210,
      render: (_, r) => projectCell(r.projectName, r.projectCode),
    },
    { key: 'company', dataIndex: 'companyName', title: t('statistics.bids.field.company') },
    {
      key: 'submittedAt',
      title: t('statistics.bids.field.submittedAt'),
      render: (_, r) => (
        <span className="stats-nowrap">
          {formatTime(r.submittedAt)}
          {r.replaced ? (
            <Tag className="stats-tag-after" icon={<SwapOutlined />}>
              {t('statistics.bids.replaced')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'openedAt',
      title: t('statistics.bids.field.openedAt'),
      render: (_, r) =>
        r.openedAt ? (
          formatTime(r.openedAt)
        ) : (
          <Typography.Text type="secondary">{t('statistics.bids.notOpened')}</Typography.Text>
        ),
    },
    {
      key: 'rank',
      title: t('statistics.bids.field.rank'),
      className: 'stats-nowrap',
      render: (_, r) => (r.rank === null ? t('statistics.none') : t('statistics.bids.rankValue', { rank: r.rank })),
    },
    // Last, and wide enough for the figures: the capital numerals wrap under them.
    { key: 'price', title: t('statistics.bids.field.price'), width: 200, render: (_, r) => <PriceCell row={r} /> },
  ];
}

/**
 * `seach/bidhistory`: every sealed bid as submitted, in the caller's scope: its price only after the
 * opening (and never for a bid its company replaced), its place in the opening record; exported
 * with the same filter.
 */
export default function BidRecordsPage() {
  const { t } = useTranslation();
  const records = useRecordList<BidRecordRow>(BIDS_URL);
  const models = useDictOptions('selection_model', true);
  return (
    <ListFrame testId="bid-records-page">
      <RecordList<BidRecordRow>
        records={records}
        search={
          <>
            <TextFilter name="keyword" label={t('statistics.bids.filter.keyword')} width={200} maxLength={100} />
            <SelectFilter
              name="model"
              label={t('statistics.bids.filter.model')}
              // Only the models with sealed bids: price competition and best value.
              options={models.options.filter((o) => o.value === 2 || o.value === 3)}
              width={190}
            />
            <DateRangeFilter label={t('statistics.bids.filter.submitted')} />
            <SelectFilter
              name="opened"
              label={t('statistics.bids.filter.opened')}
              options={[
                { value: '1', label: t('statistics.bids.filter.openedYes') },
                { value: '0', label: t('statistics.bids.filter.openedNo') },
              ]}
              width={150}
            />
          </>
        }
        exportAs={{ permissions: [Perm.stats.bids.export], fileName: 'bid-records.xlsx' }}
        columns={bidColumns(t)}
      />
    </ListFrame>
  );
}
