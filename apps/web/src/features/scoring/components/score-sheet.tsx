import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Criterion, Score, ScoredBid } from '../api/scoring-detail';
import { useCriterionTitles } from './criterion-titles';

interface ScoreSheetProps {
  bids: ScoredBid[];
  criteria: Criterion[];
  scores: Score[];
}

/** One member's submitted scores, read only: a row per bid, a column per criterion. */
export function ScoreSheet({ bids, criteria: list, scores }: ScoreSheetProps) {
  const { t } = useTranslation();
  const criteria = useCriterionTitles(list);
  const scoreOf = (bidId: number, criterion: number) =>
    scores.find((s) => s.bidId === bidId && s.criterion === criterion)?.score ?? '—';
  const columns: ColumnsType<ScoredBid> = [
    { title: t('scoring.bids.company'), dataIndex: 'companyName', width: 200 },
    ...list.map((_, i) => ({
      title: criteria.title(i),
      key: `c${i}`,
      width: 140,
      align: 'right' as const,
      render: (_: unknown, bid: ScoredBid) => scoreOf(bid.bidId, i),
    })),
  ];
  return (
    <Table<ScoredBid>
      rowKey="bidId"
      size="small"
      columns={columns}
      dataSource={bids}
      pagination={false}
      scroll={{ x: 200 + list.length * 140 }}
    />
  );
}
