import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/lib/notify';
import { useIdempotencyKey } from '../api/idempotency-key';
import type { ScoredBid, ScoringDetail } from '../api/scoring-detail';
import { useCriterionTitles } from './criterion-titles';
import { submitScores, type ScoresBody } from '../api/submit-scores';

/** The form's values: per bid id, its score on each criterion by the criterion's index. */
type Sheet = Record<string, (number | null)[]>;

/** A panel member scores every bid on every criterion, then submits once: the scores are final. */
export function ScoreForm({ detail: d }: { detail: ScoringDetail }) {
  const { t } = useTranslation();
  const criteria = useCriterionTitles(d.criteria);
  const client = useQueryClient();
  const [form] = Form.useForm<Sheet>();
  const idempotency = useIdempotencyKey();
  const submit = useMutation({
    mutationFn: (body: ScoresBody) => submitScores(d.projectId, body, idempotency.keyFor(body)),
    onSuccess: () => {
      idempotency.answered();
      feedback().message.success(t('scoring.score.submitted'));
      void client.invalidateQueries({ queryKey: ['scoring'] });
    },
  });

  const send = async () => {
    const sheet = await form.validateFields();
    const body: ScoresBody = {
      scores: d.bids.flatMap((bid) =>
        d.criteria.map((_, criterion) => ({ bidId: bid.bidId, criterion, score: sheet[bid.bidId]![criterion]! })),
      ),
    };
    feedback().modal.confirm({
      title: t('scoring.score.confirmTitle'),
      content: t('scoring.score.confirm'),
      okText: t('scoring.score.submit'),
      cancelText: t('common.cancel'),
      onOk: () => submit.mutateAsync(body),
    });
  };

  const columns: ColumnsType<ScoredBid> = [
    { title: t('scoring.bids.company'), dataIndex: 'companyName', width: 200 },
    ...d.criteria.map((c, i) => ({
      title: criteria.title(i),
      key: `c${i}`,
      width: 150,
      render: (_: unknown, bid: ScoredBid) => (
        <Form.Item
          name={[String(bid.bidId), i]}
          rules={[{ required: true, message: t('validation.required') }]}
          style={{ marginBottom: 0 }}
        >
          <InputNumber
            min={0}
            max={c.max}
            precision={2}
            step={1}
            style={{ width: '100%' }}
            aria-label={`${bid.companyName} · ${criteria.label(i)}`}
          />
        </Form.Item>
      ),
    })),
  ];

  return (
    <Card size="small" title={t('scoring.score.title')} data-testid="score-form">
      <Form form={form} component={false}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('scoring.score.hint')}</Typography.Text>
          <Table<ScoredBid>
            rowKey="bidId"
            size="small"
            columns={columns}
            dataSource={d.bids}
            pagination={false}
            scroll={{ x: 200 + d.criteria.length * 150 }}
          />
          <Button type="primary" loading={submit.isPending} onClick={() => void send()}>
            {t('scoring.score.submit')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
