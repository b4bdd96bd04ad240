import { Perm } from '@lvb/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { confirmOnce } from '@/shared/lib/confirm';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { finaliseRanking } from '../api/finalise-ranking';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { scoringDetailQuery, type ScoringDetail } from '../api/scoring-detail';
import { BidsTable } from './bids-table';
import { useCriterionTitles } from './criterion-titles';
import { PanelCard } from './panel-card';
import { PanelDrawCard, usePanelDraw } from './panel-draw-card';
import { ScoreForm } from './score-form';
import { ScoreSheet } from './score-sheet';

/**
 * One best-value project's scoring: the weights and criteria, the panel, the valid bids with their
 * scores once every member submitted, the caller's own scoring, and the owner's finalisation, each
 * offered as the server says the caller may.
 */
export function ScoringDetailView({ projectId, onBack }: { projectId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery(scoringDetailQuery(projectId));
  const d = detail.data;
  return (
    <Card
      className="page-card"
      title={d ? `${d.code} ${d.name}` : t('scoring.title')}
      extra={<Button onClick={onBack}>{t('scoring.back')}</Button>}
    >
      {d ? (
        <ScoringSections detail={d} />
      ) : detail.isError ? (
        <Alert type="warning" showIcon title={detail.error.message} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function ScoringSections({ detail: d }: { detail: ScoringDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const statuses = useDict('project_status');
  const draw = usePanelDraw(d.projectId);
  const idempotency = useIdempotencyKey();
  const finalise = useMutation({
    mutationFn: () => finaliseRanking(d.projectId, idempotency.keyFor({ finalise: d.projectId })),
    onSuccess: () => {
      idempotency.answered();
      feedback().message.success(t('scoring.finalise.done'));
      void client.invalidateQueries({ queryKey: ['scoring'] });
    },
  });
  const criteria = useCriterionTitles(d.criteria);
  const winner = d.bids.find((b) => b.rank === 1);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          {
            key: 'status',
            label: t('scoring.column.status'),
            children: <DictTag options={statuses.data} value={d.status} />,
          },
          {
            key: 'weight',
            label: t('scoring.field.priceWeight'),
            children: t('scoring.weights', { price: d.priceWeight, technical: 100 - d.priceWeight }),
          },
          {
            key: 'criteria',
            label: t('scoring.field.criteria'),
            span: 'filled',
            children: (
              <Space size={4} wrap>
                {d.criteria.map((c, i) => (
                  <Tag key={c.name}>{criteria.title(i)}</Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      {d.finalisedAt ? (
        <Alert
          type="success"
          showIcon
          title={t('scoring.finalise.alert', { time: formatTime(d.finalisedAt), winner: winner?.companyName ?? '' })}
        />
      ) : null}
      {draw.data ? <PanelDrawCard detail={d} draw={draw.data} /> : null}
      <PanelCard
        detail={d}
        appoint={!!draw.data && (draw.data.commitment === null || (!draw.data.drawn && draw.data.eligible === 0))}
      />
      <BidsTable detail={d} />
      {d.canScore ? (
        <Authorized permissions={[Perm.selection.score.edit]}>
          <ScoreForm detail={d} />
        </Authorized>
      ) : null}
      {d.myScores ? (
        <Card size="small" title={t('scoring.score.title')} data-testid="my-scores">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="info" showIcon title={t('scoring.score.mine')} />
            <ScoreSheet bids={d.bids} criteria={d.criteria} scores={d.myScores.scores} />
          </Space>
        </Card>
      ) : null}
      {d.allScores ? (
        <Card size="small" title={t('scoring.members.title')} data-testid="member-scores">
          <Collapse
            items={d.allScores.map((m) => ({
              key: m.userId,
              label: m.name,
              children: <ScoreSheet bids={d.bids} criteria={d.criteria} scores={m.scores} />,
            }))}
          />
        </Card>
      ) : null}
      {d.canFinalise ? (
        <Authorized permissions={[Perm.selection.score.edit]}>
          <Button
            type="primary"
            loading={finalise.isPending}
            onClick={() =>
              confirmOnce(`scoring:finalise:${d.projectId}`, {
                title: t('scoring.finalise.button'),
                content: t('scoring.finalise.confirm', { name: d.name }),
                okText: t('scoring.finalise.button'),
                cancelText: t('common.cancel'),
                run: () => finalise.mutateAsync(),
              })
            }
          >
            {t('scoring.finalise.button')}
          </Button>
        </Authorized>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
        {t('scoring.seed', { seed: d.tieSeed })}
      </Typography.Text>
    </Space>
  );
}
