import { formatYuan } from '@lvb/contracts/money';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { ResponsiveTable } from '@/shared/components/responsive-table';
import { useDict } from '@/shared/lib/dict';
import type { ProjectResult, RankLine } from '../api/result-detail';

/**
 * The ranking as the opening or the panel wrote it, each line with its application's status now;
 * the total only for best value. On a phone a card per line.
 */
export function RankingTable({ result, bestValue }: { result: ProjectResult; bestValue: boolean }) {
  const { t } = useTranslation();
  const statuses = useDict('application_status');
  const columns: ColumnsType<RankLine> = [
    { key: 'rank', dataIndex: 'rank', title: t('results.ranking.rank'), width: 70 },
    {
      key: 'company',
      dataIndex: 'companyName',
      title: t('results.ranking.company'),
      render: (name: string, line) => (
        <Space size={4} wrap>
          {name}
          {line.applicationId === result.winnerApplicationId ? (
            <Tag color="green">{t('results.ranking.winner')}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'price',
      dataIndex: 'priceFen',
      title: t('results.ranking.price'),
      align: 'right',
      render: (fen: number) => formatYuan(fen),
    },
    ...(bestValue
      ? [
          {
            key: 'total',
            dataIndex: 'total',
            title: t('results.ranking.total'),
            align: 'right' as const,
            render: (total: number | null) => (total === null ? '' : String(total)),
          },
        ]
      : []),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('results.ranking.status'),
      render: (status: string) => <DictTag options={statuses.data} value={status} />,
    },
  ];
  return (
    <ResponsiveTable<RankLine>
      data-testid="result-ranking"
      rowKey="applicationId"
      size="small"
      columns={columns}
      dataSource={result.ranking}
      pagination={false}
      cardTitle={(line) => `${line.rank}. ${line.companyName}`}
      locale={{ emptyText: t('results.ranking.none') }}
    />
  );
}
