import { Alert, Card, Descriptions, Empty, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import type { LiveDraw } from '../api/live-view';
import { Hash } from './live-parts';

type Pick = LiveDraw['picks'][number];

/**
 * A pool draw (model 1): the published list's hash and the commitment, how many candidates; once
 * drawn the seed, the entropy, the order by company and each contractor's answer.
 */
export function PoolDraw({ draw }: { draw: LiveDraw | null }) {
  const { t } = useTranslation();
  const drawStatuses = useDict('draw_status');
  const pickStatuses = useDict('pick_status');
  if (!draw) {
    return (
      <Card size="small" title={t('live.draw.title')} data-testid="live-draw">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.draw.none')} />
      </Card>
    );
  }
  const drawn = !!draw.seed;
  const names = new Map(draw.candidates.map((c) => [c.position, c.companyName]));
  const columns: TableColumnsType<Pick> = [
    { key: 'rank', title: t('live.draw.column.rank'), render: (_, p) => p.rank + 1 },
    { key: 'company', dataIndex: 'companyName', title: t('live.draw.column.company') },
    {
      key: 'status',
      title: t('live.draw.column.status'),
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <DictTag options={pickStatuses.data} value={p.status} />
          {p.statusReason ? <Typography.Text type="secondary">{p.statusReason}</Typography.Text> : null}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" title={t('live.draw.title')} data-testid="live-draw">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {drawn ? null : <Alert type="info" showIcon title={t('live.draw.waiting')} />}
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            {
              key: 'status',
              label: t('live.draw.status'),
              children: <DictTag options={drawStatuses.data} value={draw.status} />,
            },
            {
              key: 'candidates',
              label: t('live.draw.candidates'),
              children: <span data-testid="live-draw-candidates">{draw.candidates.length || draw.candidateCount}</span>,
            },
            { key: 'listHash', label: t('live.draw.listHash'), children: <Hash value={draw.listHash} /> },
            { key: 'commitment', label: t('live.draw.commitment'), children: <Hash value={draw.commitment} /> },
            ...(drawn
              ? [
                  {
                    key: 'seed',
                    label: t('live.draw.seed'),
                    children: <Hash value={draw.seed!} testId="live-draw-seed" />,
                  },
                  {
                    key: 'entropy',
                    label: t('live.draw.entropy'),
                    children: draw.entropy ? <Hash value={draw.entropy} /> : t('live.draw.noEntropy'),
                  },
                  { key: 'drawnAt', label: t('live.draw.drawnAt'), children: formatTime(draw.drawnAt) },
                ]
              : []),
          ]}
        />
        {drawn && draw.order ? (
          <div>
            <Typography.Text strong>{t('live.draw.order')}</Typography.Text>
            <ol className="live-page__order" data-testid="live-draw-order">
              {draw.order.map((position) => (
                <li key={position}>{names.get(position) ?? String(position)}</li>
              ))}
            </ol>
          </div>
        ) : null}
        {drawn ? (
          <div>
            <Typography.Text strong>{t('live.draw.picks')}</Typography.Text>
            <Table<Pick>
              size="small"
              rowKey="id"
              data-testid="live-draw-picks"
              columns={columns}
              dataSource={[...draw.picks].sort((a, b) => a.rank - b.rank)}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('live.draw.noPicks') }}
            />
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
