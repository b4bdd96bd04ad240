import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Space } from 'antd';

/** An amount as a signature or a decision states it: in figures and in Chinese capital numerals. */
export function AmountInWords({ fen, testId }: { fen: number; testId?: string }) {
  return (
    <Space orientation="vertical" size={0} data-testid={testId}>
      <strong>{formatYuan(fen)}</strong>
      <span lang="zh-CN">{fenToChineseCapital(fen)}</span>
    </Space>
  );
}
