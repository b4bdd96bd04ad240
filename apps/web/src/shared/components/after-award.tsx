import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import type { awardNoticeRecord, feeRecord } from '@lvb/contracts/completion';
import { formatYuan } from '@lvb/contracts/money';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadAwardNotice, downloadStoredFile } from '@/shared/api/after-award';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts } from '@/shared/components/facts';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';

/**
 * What follows an award as the owner, finance and the winner see it alike: files by their stored
 * names, the service fee with its band-by-band computation, the award notice. The texts are the
 * back office's (`completion.*`): every page that shows these is inside it.
 */

export type FeeRecord = WireOf<typeof feeRecord>;
export type AwardNoticeRecord = WireOf<typeof awardNoticeRecord>;
type FeeBand = FeeRecord['bands'][number];

/**
 * Files by their stored names, each a download link shown under the name its uploader gave it
 * (`names`, stored name → original name, as the server answers with the record).
 */
export function StoredFileLinks({ files, names = {} }: { files: readonly string[]; names?: Record<string, string> }) {
  const { t } = useTranslation();
  if (files.length === 0) return <Typography.Text type="secondary">{t('completion.noFiles')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {files.map((name) => (
        <Button
          key={name}
          type="link"
          size="small"
          icon={<FileOutlined />}
          style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left', wordBreak: 'break-all' }}
          onClick={() => void downloadStoredFile(name, names[name])}
        >
          {names[name] ?? name}
        </Button>
      ))}
    </Space>
  );
}

/** A band's fee is exact before the one rounding at the end: fractions of a fen stay visible. */
function fenExact(fen: number): string {
  if (Number.isInteger(fen)) return formatYuan(fen);
  const yuan = (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  return `¥${yuan}`;
}

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`;

/** The fee's computation: the award cut into the bands, each part at its own rate, then summed. */
export function FeeBands({ fee }: { fee: FeeRecord }) {
  const { t } = useTranslation();
  return (
    <Table<FeeBand>
      size="small"
      bordered
      rowKey="fromFen"
      pagination={false}
      data-testid="fee-bands"
      dataSource={fee.bands}
      scroll={{ x: 520 }}
      locale={{ emptyText: t('completion.fee.noBands') }}
      columns={[
        {
          key: 'band',
          title: t('completion.fee.band'),
          render: (_, b) =>
            b.toFen === null
              ? t('completion.fee.bandAbove', { from: formatYuan(b.fromFen) })
              : t('completion.fee.bandRange', { from: formatYuan(b.fromFen), to: formatYuan(b.toFen) }),
        },
        { key: 'rate', title: t('completion.fee.rate'), render: (_, b) => percent(b.rate) },
        { key: 'part', title: t('completion.fee.part'), render: (_, b) => formatYuan(b.partFen) },
        { key: 'fee', title: t('completion.fee.bandFee'), render: (_, b) => fenExact(b.feeFen) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            {t('completion.fee.total')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3}>
            <strong>{formatYuan(fee.feeFen)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The fee: amounts, status, the current voucher, finance's last rejection and decision time. */
export function FeeFacts({ fee, fileNames }: { fee: FeeRecord; fileNames?: Record<string, string> }) {
  const { t } = useTranslation();
  const statuses = useDict('fee_status');
  return (
    <Facts
      testId="fee-facts"
      items={[
        { key: 'award', label: t('completion.fee.award'), children: formatYuan(fee.awardFen) },
        { key: 'fee', label: t('completion.fee.amount'), children: <strong>{formatYuan(fee.feeFen)}</strong> },
        {
          key: 'status',
          label: t('completion.fee.status'),
          children: <DictTag options={statuses.data} value={fee.status} />,
        },
        {
          key: 'voucher',
          label: t('completion.fee.voucher'),
          children: fee.voucher ? (
            <Space wrap>
              <StoredFileLinks files={[fee.voucher]} names={fileNames} />
              <Typography.Text type="secondary">{formatTime(fee.voucherAt)}</Typography.Text>
            </Space>
          ) : (
            t('completion.fee.noVoucher')
          ),
        },
        ...(fee.rejectReason
          ? [{ key: 'reject', label: t('completion.fee.rejectReason'), children: fee.rejectReason }]
          : []),
        ...(fee.decidedAt
          ? [{ key: 'decided', label: t('completion.fee.decidedAt'), children: formatTime(fee.decidedAt) }]
          : []),
      ]}
    />
  );
}

/** The award notice: its number, issue time and SHA-256, and the PDF to download. */
export function AwardNoticeFacts({ projectId, notice }: { projectId: number; notice: AwardNoticeRecord }) {
  const { t } = useTranslation();
  return (
    <Facts
      testId="award-notice"
      items={[
        { key: 'number', label: t('completion.notice.number'), children: notice.number },
        { key: 'issued', label: t('completion.notice.issuedAt'), children: formatTime(notice.issuedAt) },
        {
          key: 'sha',
          label: t('completion.notice.sha256'),
          children: (
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {notice.sha256}
            </Typography.Text>
          ),
        },
        {
          key: 'file',
          label: t('completion.notice.file'),
          children: (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void downloadAwardNotice(projectId, notice.number)}
            >
              {t('completion.notice.download')}
            </Button>
          ),
        },
      ]}
    />
  );
}
