import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '@/shared/components/number-input';
import { confirmOnce } from '@/shared/lib/confirm';
import { sendWithFieldRefusals, validValues } from '@/shared/lib/form-submit';
import { feedback } from '@/shared/lib/notify';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import type { ScoredBid, ScoringDetail } from '../api/scoring-detail';
import { useCriterionTitles } from './criterion-titles';
import { submitScores, type ScoresBody } from '../api/submit-scores';

/** The form's values: per bid id, its score on each criterion by the criterion's index, as typed. */
type Sheet = Record<string, (string | null)[]>;

/** Scores have at most two decimals (the contracts' `scoresBody`). */
const SCORE_FORMAT = { decimals: 2 };

/**
 * A panel member scores every bid on every criterion, then submits once: the scores are final. A
 * score outside 0 to the criterion's maximum, or with more than two decimals, is refused on its
 * field as typed, never clamped.
 */
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

  /** The body sends the scores bid by bid, criterion by criterion: `scores.<n>` is a field of the sheet. */
  const sheetField = (field: string) => {
    const n = /^scores\.(\d+)(?:\.score)?$/.exec(field);
    if (!n) return null;
    const index = Number(n[1]);
    const bid = d.bids[Math.floor(index / d.criteria.length)];
    return bid ? [String(bid.bidId), index % d.criteria.length] : null;
  };

  const send = async () => {
    const sheet = await validValues(form);
    if (!sheet) return;
    const body: ScoresBody = {
      scores: d.bids.flatMap((bid) =>
        d.criteria.map((_, criterion) => ({
          bidId: bid.bidId,
          criterion,
          score: numberValue(sheet[bid.bidId]![criterion], SCORE_FORMAT)!,
        })),
      ),
    };
    confirmOnce(`scoring:scores:${d.projectId}`, {
      title: t('scoring.score.confirmTitle'),
      content: t('scoring.score.confirm'),
      okText: t('scoring.score.submit'),
      cancelText: t('common.cancel'),
      run: () => sendWithFieldRefusals(form, () => submit.mutateAsync(body), sheetField),
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
          rules={[
            numberRule(t, {
              ...SCORE_FORMAT,
              min: 0,
              max: c.max,
              required: true,
              requiredMessage: t('validation.required'),
              message: t('scoring.score.invalid', { max: c.max }),
            }),
          ]}
          style={{ marginBottom: 0 }}
        >
          <NumberInput aria-label={`${bid.companyName} · ${criteria.label(i)}`} />
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
