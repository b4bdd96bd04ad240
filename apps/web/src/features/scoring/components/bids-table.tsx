import { FileOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/format';
import { downloadProposal } from '../api/download-proposal';
import type { ScoredBid, ScoringDetail } from '../api/scoring-detail';
import { useCriterionTitles } from './criterion-titles';

const HIDDEN = '—';
const shown = (v: number | null | undefined) => (v === null || v === undefined ? HIDDEN : v);

/**
 * The valid bids with their public prices and price scores; the criteria's averaged scores, the
 * technical score, the total and the rank stay hidden until every member submitted.
 */
export function BidsTable({ detail: d }: { detail: ScoringDetail }) {
  const { t } = useTranslation();
  const criteria = useCriterionTitles(d.criteria);
  const hidden = d.bids.some((b) => b.total === null);
  const columns: ColumnsType<ScoredBid> = [
    {
      title: t('scoring.bids.rank'),
      dataIndex: 'rank',
      width: 110,
      render: (rank: number | null, bid) => (
        <Space size={4} wrap>
          {shown(rank)}
          {bid.tied ? <Tag color="gold">{t('scoring.bids.tie')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('scoring.bids.company'), dataIndex: 'companyName', width: 200 },
    {
      title: t('scoring.bids.price'),
      dataIndex: 'priceFen',
      width: 140,
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      title: t('scoring.bids.receipt'),
      dataIndex: 'receiptHash',
      width: 130,
      render: (v: string) => (
        <span title={v} style={{ fontFamily: 'monospace' }}>
          {v.slice(0, 10)}…
        </span>
      ),
    },
    { title: t('scoring.bids.priceScore'), dataIndex: 'priceScore', width: 100, align: 'right' },
    ...d.criteria.map((_, i) => ({
      title: criteria.title(i),
      key: `c${i}`,
      width: 130,
      align: 'right' as const,
      render: (_: unknown, bid: ScoredBid) => shown(bid.criteria?.[i]),
    })),
    {
      title: t('scoring.bids.technical'),
      dataIndex: 'technicalScore',
      width: 100,
      align: 'right',
      render: shown,
    },
    { title: t('scoring.bids.total'), dataIndex: 'total', width: 90, align: 'right', render: shown },
    {
      title: t('scoring.bids.files'),
      key: 'files',
      width: 220,
      render: (_, bid) => {
        const files = d.proposals.filter((p) => p.bidId === bid.bidId);
        if (!files.length) return t('scoring.bids.noFiles');
        return (
          <Space orientation="vertical" size={0}>
            {files.map((f) => (
              <Button
                key={f.fileName}
                type="link"
                size="small"
                style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                icon={<FileOutlined />}
                onClick={() =>
                  void downloadProposal(d.projectId, bid.bidId, f.fileName, f.originalName).catch(() => undefined)
                }
              >
                {f.originalName}
              </Button>
            ))}
          </Space>
        );
      },
    },
  ];
  return (
    <Card size="small" title={t('scoring.bids.title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {hidden ? <Alert type="info" showIcon title={t('scoring.bids.hidden')} /> : null}
        <Table<ScoredBid>
          rowKey="bidId"
          size="small"
          data-testid="scoring-bids"
          columns={columns}
          dataSource={d.bids}
          pagination={false}
          scroll={{ x: 1090 + d.criteria.length * 130 }}
        />
      </Space>
    </Card>
  );
}
