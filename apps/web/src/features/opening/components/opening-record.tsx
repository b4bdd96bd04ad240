import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/shared/components/responsive-table';
import { formatMoney, formatTime } from '@/shared/lib/format';
import type { OpeningRecord } from '../api/opening-detail';
import './opening-record.css';

type Line = OpeningRecord['bids'][number];

/** The opening record as shown and printed: every bid, its price and receipt, the seed and the rules. */
export function OpeningRecordView({ record }: { record: OpeningRecord }) {
  const { t } = useTranslation();
  const valid = record.bids.filter((b) => b.valid).length;
  const hash = (v: string) => <span className="opening-record__hash">{v}</span>;
  const columns: ColumnsType<Line> = [
    {
      title: t('opening.record.rank'),
      dataIndex: 'rank',
      width: 90,
      render: (rank: number | null, line) =>
        !line.valid ? (
          <Tag color="default">{t('opening.record.notValid')}</Tag>
        ) : rank === null ? (
          <Tag color="blue">{t('opening.record.valid')}</Tag>
        ) : (
          <Space size={4}>
            {rank}
            {line.tied ? <Tag color="gold">{t('opening.record.tie')}</Tag> : null}
          </Space>
        ),
    },
    { title: t('opening.record.company'), dataIndex: 'companyName', width: 200 },
    {
      title: t('opening.record.price'),
      dataIndex: 'priceFen',
      width: 140,
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      title: t('opening.record.submittedAt'),
      dataIndex: 'submittedAt',
      width: 150,
      render: (v: string) => formatTime(v),
    },
    { title: t('opening.record.receipt'), dataIndex: 'receiptHash', render: hash },
    { title: t('opening.record.nonce'), dataIndex: 'nonce', width: 170, render: hash },
  ];
  return (
    <section className="opening-record" data-testid="opening-record">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <div className="opening-record__head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('opening.record.title')}: {record.projectCode} {record.projectName}
          </Typography.Title>
          <Button className="no-print" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('opening.record.print')}
          </Button>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'at', label: t('opening.record.openedAt'), children: formatTime(record.openedAt) },
            { key: 'by', label: t('opening.record.openedBy'), children: record.openedBy },
            {
              key: 'witness',
              label: t('opening.record.witness'),
              children: t('opening.witnessedAt', { name: record.witness, time: formatTime(record.witnessedAt) }),
            },
          ]}
        />
        <Alert
          type={record.outcome === 'failed' ? 'warning' : 'success'}
          showIcon
          title={
            record.outcome === 'failed'
              ? t('opening.record.failed', { valid, min: record.minParticipants })
              : t(record.outcome === 'scoring' ? 'opening.record.scoring' : 'opening.record.ranked')
          }
        />
        {/* On a phone a card per bid, every value on its own line in full. */}
        <ResponsiveTable<Line>
          className="opening-record__table"
          rowKey="bidId"
          size="small"
          columns={columns}
          dataSource={record.bids}
          pagination={false}
          scroll={{ x: 1000 }}
        />
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {t('opening.record.seed')}: {hash(record.tieSeed)}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('opening.record.tieRule')} {t('opening.record.receiptRule')}
        </Typography.Paragraph>
      </Space>
    </section>
  );
}
