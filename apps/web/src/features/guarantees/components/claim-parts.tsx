import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Card, Empty, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StoredFileLinks } from '@/shared/components/after-award';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts, type FactItems } from '@/shared/components/facts';
import type { DictOption } from '@/shared/lib/dict';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import type { ClaimRow } from '../api/claims';

/** The claim statuses (dictionary `claim_status`), labelled in the interface language. */
export const useClaimStatuses = () => useDictOptions('claim_status');

/** An amount in figures with its capital numerals beside it: `¥50,000.00（伍万元整）`. */
export function AmountInWords({ fen, testId }: { fen: number; testId?: string }) {
  return (
    <span data-testid={testId}>
      {formatYuan(fen)}
      <Typography.Text type="secondary" lang="zh-CN">
        {`（${fenToChineseCapital(fen)}）`}
      </Typography.Text>
    </span>
  );
}

/** What a claim says, with who filed it and what was decided: the facts of its card or drawer. */
export function claimFacts(
  t: TFunction,
  c: ClaimRow,
  statuses: readonly DictOption[] | undefined,
  { full }: { full?: boolean } = {},
): FactItems {
  return [
    ...(full
      ? [
          { key: 'claimNo', label: t('guarantees.claim.field.claimNo'), children: c.claimNo },
          { key: 'letterNo', label: t('guarantees.field.letterNo'), children: c.letterNo },
          { key: 'company', label: t('guarantees.claim.field.company'), children: c.companyName },
          { key: 'project', label: t('guarantees.field.project'), children: `${c.projectName} (${c.projectCode})` },
          { key: 'beneficiary', label: t('guarantees.field.beneficiary'), children: c.beneficiary },
          {
            key: 'letterAmount',
            label: t('guarantees.claim.field.letterAmount'),
            children: <AmountInWords fen={c.letterAmountFen} testId="claim-letter-amount" />,
          },
        ]
      : []),
    {
      key: 'amount',
      label: t('guarantees.claim.field.amount'),
      children: full ? <AmountInWords fen={c.amountFen} testId="claim-amount" /> : formatYuan(c.amountFen),
    },
    {
      key: 'status',
      label: t('guarantees.field.status'),
      children: <DictTag options={statuses} value={c.status} />,
    },
    { key: 'reason', label: t('guarantees.claim.field.reason'), children: c.reason },
    ...(c.statusReason
      ? [{ key: 'decision', label: t('guarantees.claim.field.decision'), children: c.statusReason }]
      : []),
    {
      key: 'files',
      label: t('guarantees.claim.field.files'),
      children: <StoredFileLinks files={c.files} names={c.fileNames} />,
    },
    { key: 'filedBy', label: t('guarantees.claim.field.filedBy'), children: c.filedByName },
    { key: 'filedAt', label: t('guarantees.claim.field.filedAt'), children: formatTime(c.createdAt) },
    ...(c.decidedAt
      ? [{ key: 'decidedAt', label: t('guarantees.claim.field.decidedAt'), children: formatTime(c.decidedAt) }]
      : []),
  ];
}

/** The claims on one letter, newest last, each a small card of its facts; an empty note when none. */
export function ClaimList({ claims }: { claims: readonly ClaimRow[] }) {
  const { t } = useTranslation();
  const statuses = useClaimStatuses();
  if (claims.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('guarantees.claim.none')} />;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {claims.map((c) => (
        <Card key={c.id} size="small" type="inner" title={c.claimNo} data-testid={`claim-${c.id}`}>
          <Facts items={claimFacts(t, c, statuses.dict)} />
        </Card>
      ))}
    </Space>
  );
}
