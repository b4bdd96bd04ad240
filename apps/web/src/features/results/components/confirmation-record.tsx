import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';
import { formatTime, PLATFORM_TIME_ZONE } from '@/shared/lib/format';
import type { Confirmation } from '../api/result-detail';
import { AmountInWords } from './amount';
import './confirmation-record.css';

/**
 * The owner's signed confirmation as shown and printed: the account, the database time of the
 * signature in the platform time zone, the SHA-256 and the canonical text it hashes with its rule,
 * so that anyone can recompute the hash from the printed page.
 */
export function ConfirmationRecord({
  confirmation: c,
  project,
  winnerName,
}: {
  confirmation: Confirmation;
  /** The project's code and name, the heading of the printed page. */
  project: string;
  winnerName: string;
}) {
  const { t } = useTranslation();
  // On a phone each label stands above its value: a hash or the canonical text needs the width.
  const mobile = useIsMobile();
  const mono = (text: string) => <span className="result-confirmation__mono">{text}</span>;
  return (
    <section className="result-confirmation" data-testid="result-confirmation">
      <div className="result-confirmation__head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('results.confirmation.title')}: {project}
        </Typography.Title>
        <Button className="no-print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('results.confirmation.print')}
        </Button>
      </div>
      <Descriptions
        size="small"
        bordered
        column={1}
        layout={mobile ? 'vertical' : 'horizontal'}
        items={[
          { key: 'by', label: t('results.confirmation.by'), children: c.confirmedBy },
          {
            key: 'at',
            label: t('results.confirmation.at'),
            children: t('results.confirmation.atValue', {
              time: formatTime(c.confirmedAt),
              zone: PLATFORM_TIME_ZONE,
              utc: c.confirmedAt,
            }),
          },
          { key: 'winner', label: t('results.field.winner'), children: winnerName },
          { key: 'amount', label: t('results.field.amount'), children: <AmountInWords fen={c.amountFen} /> },
          { key: 'hash', label: t('results.confirmation.hash'), children: mono(c.hash) },
          {
            key: 'canonical',
            label: t('results.confirmation.canonical'),
            children: <pre className="result-confirmation__mono result-confirmation__text">{c.canonical}</pre>,
          },
          { key: 'rule', label: t('results.confirmation.rule'), children: c.rule },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('results.confirmation.check')}
      </Typography.Paragraph>
    </section>
  );
}
