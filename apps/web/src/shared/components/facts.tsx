import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Descriptions, type DescriptionsProps } from 'antd';

export type FactItems = NonNullable<DescriptionsProps['items']>;

/** A record's facts, label beside value, one a line: the compact bordered list of drawers and confirmations. */
export function Facts({ items, testId }: { items: FactItems; testId?: string }) {
  return <Descriptions size="small" bordered column={1} items={items} data-testid={testId} />;
}

/**
 * An amount as a binding confirmation states it: in figures, then in Chinese capital numerals (the
 * way payment documents write it), each under its label; `testId` names the two values.
 */
export function amountInWordsItems(fen: number, labels: { figures: string; words: string }, testId: string): FactItems {
  return [
    {
      key: 'figures',
      label: labels.figures,
      children: <strong data-testid={`${testId}-figures`}>{formatYuan(fen)}</strong>,
    },
    {
      key: 'words',
      label: labels.words,
      children: (
        <strong data-testid={`${testId}-words`} lang="zh-CN">
          {fenToChineseCapital(fen)}
        </strong>
      ),
    },
  ];
}
