import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Alert, Card, Descriptions, Space, Table, Tag, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';
import { formatTime } from '@/shared/lib/format';
import type { LiveBid, LiveView } from '../api/live-view';
import { Hash, ShortHash } from './live-parts';

/**
 * Sealed bids (models 2 and 3): before the opening the tie seed's commitment; once opened the
 * record: outcome, who opened and witnessed, the seed, and every bid with its price in figures
 * and in capital numerals. The reader's own bid is marked; `fresh` lights the rows up for a
 * moment when the record has just come.
 */
export function SealedBids({ view, fresh }: { view: LiveView; fresh: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = useIsMobile();
  const record = view.opening;
  const commitment = record?.tieCommitment ?? view.tieCommitment;
  const commitmentItem = {
    key: 'commitment',
    label: t('live.sealed.commitment'),
    children: commitment ? (
      <Hash value={commitment} testId="live-tie-commitment" />
    ) : (
      <Typography.Text type="secondary">{t('live.sealed.noCommitment')}</Typography.Text>
    ),
  };

  if (!record) {
    return (
      <Card size="small" title={t('live.sealed.title')} data-testid="live-sealed">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('live.sealed.waiting')} description={t('live.sealed.waitingHint')} />
          <Descriptions size="small" bordered column={1} items={[commitmentItem]} />
          <Typography.Text type="secondary">{t('live.sealed.commitmentHint')}</Typography.Text>
        </Space>
      </Card>
    );
  }

  const mine = (bid: LiveBid) => view.myApplicationId !== null && bid.applicationId === view.myApplicationId;
  const price = (bid: LiveBid) => (
    <div className="live-page__price">
      <strong>{formatYuan(bid.priceFen)}</strong>
      <Typography.Text type="secondary" lang="zh-CN" className="live-page__capital">
        {fenToChineseCapital(bid.priceFen)}
      </Typography.Text>
    </div>
  );
  const validity = (bid: LiveBid) =>
    bid.valid ? <Tag color="success">{t('live.sealed.valid')}</Tag> : <Tag>{t('live.sealed.notValid')}</Tag>;
  const wide: TableColumnsType<LiveBid> = [
    {
      key: 'rank',
      title: t('live.sealed.column.rank'),
      render: (_, bid) => (
        <Space size={4}>
          {bid.rank ?? '—'}
          {bid.tied ? <Tag color="gold">{t('live.sealed.tie')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'company',
      title: t('live.sealed.column.company'),
      render: (_, bid) => (
        <Space size={4} wrap>
          <span>{bid.companyName}</span>
          {mine(bid) ? <Tag color="blue">{t('live.sealed.yours')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'price',
      title: t('live.sealed.column.price'),
      align: 'right',
      render: (_, bid) => price(bid),
    },
    {
      key: 'valid',
      title: t('live.sealed.column.valid'),
      render: (_, bid) => validity(bid),
    },
    {
      key: 'receipt',
      title: t('live.sealed.column.receipt'),
      render: (_, bid) => <ShortHash value={bid.receiptHash} />,
    },
  ];
  // On a phone the price sits under the bidder, in view without scrolling sideways.
  const narrow: TableColumnsType<LiveBid> = [
    wide[0]!,
    {
      key: 'bid',
      title: t('live.sealed.column.company'),
      render: (_, bid) => (
        <Space orientation="vertical" size={2}>
          <Space size={4} wrap>
            <span>{bid.companyName}</span>
            {mine(bid) ? <Tag color="blue">{t('live.sealed.yours')}</Tag> : null}
            {validity(bid)}
          </Space>
          {price(bid)}
        </Space>
      ),
    },
  ];
  const columns = mobile ? narrow : wide;
  const rowBackground = (bid: LiveBid) => (fresh ? token.colorWarningBg : mine(bid) ? token.colorPrimaryBg : undefined);

  return (
    <Card size="small" title={t('live.sealed.title')} data-testid="live-sealed">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type={record.outcome === 'failed' ? 'warning' : 'success'}
          showIcon
          title={t(`live.sealed.outcome.${record.outcome}`)}
          description={record.reason ? t('live.sealed.reason', { reason: record.reason }) : undefined}
          data-testid="live-outcome"
        />
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'openedAt', label: t('live.sealed.openedAt'), children: formatTime(record.openedAt) },
            { key: 'openedBy', label: t('live.sealed.openedBy'), children: record.openedBy },
            {
              key: 'witness',
              label: t('live.sealed.witness'),
              children: t('live.sealed.witnessedAt', { name: record.witness, time: formatTime(record.witnessedAt) }),
            },
            {
              key: 'seed',
              label: t('live.sealed.seed'),
              children: <Hash value={record.tieSeed} testId="live-tie-seed" />,
            },
            commitmentItem,
          ]}
        />
        <Table<LiveBid>
          size="small"
          rowKey="bidId"
          data-testid="live-bids"
          columns={columns}
          dataSource={record.bids}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName={(bid) =>
            [mine(bid) ? 'live-page__bid--mine' : '', fresh ? 'live-page__bid--fresh' : ''].join(' ').trim()
          }
          onRow={(bid) => ({ style: { background: rowBackground(bid), transition: 'background 1s' } })}
        />
      </Space>
    </Card>
  );
}
