import type { publicResult } from '@lvb/contracts/results';
import { formatYuan } from '@lvb/contracts/money';
import type { WireOf } from '@lvb/contracts/wire';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/lib/format';

export type PublicResult = WireOf<typeof publicResult>;

/** The facts of a result as the public reads them, by the stage it is in; empty ones left out. */
export function useResultFacts() {
  const { t } = useTranslation();
  return (r: Omit<PublicResult, 'ranking' | 'hash'>): [string, string][] => {
    const facts: [string, string | null][] =
      r.status === 'failed'
        ? [
            [t('publicResults.field.failedReason'), r.failedReason],
            [t('publicResults.field.failedAt'), formatTime(r.since)],
          ]
        : [
            [t('publicResults.field.winner'), r.winnerName],
            [t('publicResults.field.amount'), r.amountFen === null ? null : formatYuan(r.amountFen)],
            [
              r.status === 'publicity' ? t('publicResults.field.publicitySince') : t('publicResults.field.awardedAt'),
              formatTime(r.since),
            ],
            [t('publicResults.field.publicityEnd'), formatTime(r.publicityEndsAt)],
            [
              t('publicResults.field.objections'),
              r.status === 'publicity' ? t(`publicResults.objections.${r.objections}`) : null,
            ],
          ];
    return facts.filter((f): f is [string, string] => !!f[1]);
  };
}
