import { Model } from '@lvb/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { LiveLink } from '@/shared/components/live-link';
import { ResponsiveTable } from '@/shared/components/responsive-table';
import { useDict } from '@/shared/lib/dict';
import { formatMoney, formatTime } from '@/shared/lib/format';
import { biddingProjectsQuery, type BiddingModel, type BiddingProject } from '../api/bidding-projects';
import { downloadReceipt } from '../api/download-receipt';
import { BidDialog } from './bid-dialog';
import { OpeningResultDialog } from './opening-result-dialog';

/**
 * A supplier's sealed bids of one model: `web/bidding2` price competition (a price), `web/bidding3`
 * best value (a price and the technical proposal files); the receipts, and the results once opened.
 */
export function BiddingPage({ model }: { model: BiddingModel }) {
  const { t } = useTranslation();
  const list = useQuery(biddingProjectsQuery(model));
  const texts = `bidding.model${model}` as const;
  const statuses = useDict('project_status');
  const [bidding, setBidding] = useState<BiddingProject | null>(null);
  const [result, setResult] = useState<BiddingProject | null>(null);
  const saveReceipt = (bidId: number, format: 'pdf' | 'txt') => void downloadReceipt(model, bidId, format);

  const columns: ColumnsType<BiddingProject> = [
    { title: t('bidding.column.code'), dataIndex: 'code', width: 170 },
    {
      title: t('bidding.column.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => <Link to={`/iteminfo?id=${row.projectId}`}>{name}</Link>,
    },
    {
      title: t('bidding.column.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: string) => <DictTag options={statuses.data} value={v} />,
    },
    {
      title: t('bidding.column.budget'),
      dataIndex: 'budget',
      width: 140,
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      title: t('bidding.column.deadline'),
      dataIndex: 'bidDeadline',
      width: 150,
      render: (v: string, row) => (
        <Space orientation="vertical" size={0}>
          {formatTime(v)}
          {row.open ? null : <Typography.Text type="secondary">{t('bidding.closed')}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('bidding.column.opening'), dataIndex: 'openingAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: t('bidding.column.myBid'),
      key: 'receipt',
      width: 220,
      render: (_, row) =>
        row.receipt ? (
          <Space orientation="vertical" size={0}>
            {t('bidding.submitted', { time: formatTime(row.receipt.submittedAt) })}
            <Typography.Text code title={row.receipt.receiptHash}>
              {`${row.receipt.receiptHash.slice(0, 16)}…`}
            </Typography.Text>
            {model === Model.bestValue ? (
              <Typography.Text type="secondary">
                {t('bidding.proposalCount', { count: row.proposals.length })}
              </Typography.Text>
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('bidding.noBid')}</Typography.Text>
        ),
    },
    {
      title: t('bidding.column.actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <LiveLink projectId={row.projectId} inline />
          {row.open ? (
            <Authorized permissions={[`web:bidding${model}:bid`]}>
              <Button type="link" size="small" onClick={() => setBidding(row)}>
                {row.receipt ? t(`${texts}.replace`) : t(`${texts}.submit`)}
              </Button>
            </Authorized>
          ) : null}
          {row.receipt ? (
            <>
              <Button type="link" size="small" onClick={() => saveReceipt(row.receipt!.bidId, 'pdf')}>
                {t('bidding.receiptPdf')}
              </Button>
              <Button type="link" size="small" onClick={() => saveReceipt(row.receipt!.bidId, 'txt')}>
                {t('bidding.receiptTxt')}
              </Button>
            </>
          ) : null}
          {row.openedAt ? (
            <Button type="link" size="small" onClick={() => setResult(row)}>
              {t('bidding.result')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card className="page-card" title={t(`${texts}.title`)}>
      <Typography.Paragraph type="secondary">{t(`${texts}.intro`)}</Typography.Paragraph>
      {/* On a phone a card per project: the dates and prices are not hidden behind the actions. */}
      <ResponsiveTable<BiddingProject>
        rowKey="projectId"
        data-testid="bidding-projects"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t(`${texts}.none`) }}
      />
      <BidDialog model={model} project={bidding} onClose={() => setBidding(null)} />
      <OpeningResultDialog model={model} project={result} onClose={() => setResult(null)} />
    </Card>
  );
}

/** `web/bidding2`: price competition. */
export default function PriceCompetitionPage() {
  return <BiddingPage model={2} />;
}
