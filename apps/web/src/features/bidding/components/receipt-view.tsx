import { Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/lib/format';
import type { BiddingModel } from '../api/bidding-projects';
import { downloadReceipt } from '../api/download-receipt';
import type { BidReceipt } from '../api/submit-bid';

/** A bid's receipt: what the supplier keeps to match against the opening record, and its downloads. */
export function ReceiptView({ model, receipt }: { model: BiddingModel; receipt: BidReceipt }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="bid-receipt">
      <Descriptions
        size="small"
        column={1}
        bordered
        title={t('bidding.receipt.title')}
        items={[
          { key: 'bid', label: t('bidding.receipt.bidId'), children: receipt.bidId },
          {
            key: 'project',
            label: t('bidding.receipt.project'),
            children: `${receipt.projectCode} ${receipt.projectName}`,
          },
          { key: 'company', label: t('bidding.receipt.company'), children: receipt.companyName },
          { key: 'at', label: t('bidding.receipt.submittedAt'), children: formatTime(receipt.submittedAt) },
          {
            key: 'hash',
            label: t('bidding.receipt.hash'),
            children: (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {receipt.receiptHash}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('bidding.receipt.keep')}</Typography.Text>
      <Space>
        <Button onClick={() => void downloadReceipt(model, receipt.bidId, 'pdf')}>{t('bidding.receiptPdf')}</Button>
        <Button onClick={() => void downloadReceipt(model, receipt.bidId, 'txt')}>{t('bidding.receiptTxt')}</Button>
      </Space>
    </Space>
  );
}
