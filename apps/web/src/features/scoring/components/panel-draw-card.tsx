import { entropyRule, useBindingStep } from '@/shared/lib/binding-step';
import { checkDraw, type DrawCheck } from '@lvb/contracts/draw';
import { Perm } from '@lvb/contracts/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { NumberInput } from '@/shared/components/number-input';
import { useIsMobile } from '@/shared/lib/app-state';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import { drawPanel, panelDrawQuery, type PanelDraw } from '../api/panel-draw';
import type { ScoringDetail } from '../api/scoring-detail';

const hash = (value: string | null) => (
  <Typography.Text code copyable={!!value} style={{ wordBreak: 'break-all', fontSize: 12 }}>
    {value ?? '—'}
  </Typography.Text>
);

/**
 * The panel drawn from the expert pool (DESIGN's draw): before it, the commitment from the
 * announcement and, for the owner, how many experts are eligible and how many were left out and
 * why, with the draw itself; after it, the list, seed, entropy and order, which anyone on the page
 * can re-compute in the browser.
 */
export function PanelDrawCard({ detail: d, draw }: { detail: ScoringDetail; draw: PanelDraw }) {
  const { t } = useTranslation();
  const [drawing, setDrawing] = useState(false);
  const canDraw = d.canAssign && !draw.drawn && draw.commitment !== null && (draw.eligible ?? 0) > 0;
  return (
    <Card
      size="small"
      title={t('scoring.draw.title')}
      data-testid="panel-draw"
      extra={
        canDraw ? (
          <Authorized permissions={[Perm.selection.score.edit]}>
            <Button type="primary" size="small" onClick={() => setDrawing(true)}>
              {t('scoring.draw.button')}
            </Button>
          </Authorized>
        ) : null
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'commitment', label: t('scoring.draw.commitment'), children: hash(draw.commitment) },
            ...(draw.drawn
              ? [
                  {
                    key: 'drawn',
                    label: t('scoring.draw.drawnAt'),
                    children: `${formatTime(draw.drawnAt!)} · ${draw.drawnByName ?? ''}`,
                  },
                  { key: 'listHash', label: t('scoring.draw.listHash'), children: hash(draw.listHash) },
                  { key: 'seed', label: t('scoring.draw.seed'), children: hash(draw.seed) },
                  {
                    key: 'entropy',
                    label: t('scoring.draw.entropy'),
                    children: draw.entropy || t('scoring.draw.noEntropy'),
                  },
                ]
              : []),
          ]}
        />
        {!draw.drawn && draw.eligible !== null ? (
          <Alert
            type={draw.eligible > 0 ? 'info' : 'warning'}
            showIcon
            data-testid="panel-draw-eligible"
            title={
              draw.eligible > 0 ? t('scoring.draw.eligible', { count: draw.eligible }) : t('scoring.draw.noneEligible')
            }
            description={
              draw.excluded.length
                ? draw.excluded.map((x) => t(`scoring.draw.excluded.${x.reason}`, { count: x.count })).join(' ')
                : undefined
            }
          />
        ) : null}
        {!draw.drawn && draw.commitment === null ? (
          <Typography.Text type="secondary">{t('scoring.draw.uncommitted')}</Typography.Text>
        ) : null}
        {draw.drawn ? <DrawnList draw={draw} /> : null}
      </Space>
      {drawing ? <DrawPanelModal detail={d} draw={draw} onClose={() => setDrawing(false)} /> : null}
    </Card>
  );
}

/** The frozen list in the drawn order, the seated experts marked, and the browser's re-computation. */
function DrawnList({ draw }: { draw: PanelDraw }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<DrawCheck | 'running' | 'unavailable' | null>(null);
  const order = draw.order ?? [];
  const rows = order.map((position, rank) => ({
    rank: rank + 1,
    seated: rank < (draw.experts ?? 0),
    ...draw.candidates[position]!,
  }));
  const run = async () => {
    setCheck('running');
    try {
      setCheck(
        await checkDraw({
          listText: draw.listText ?? '',
          listHash: draw.listHash ?? '',
          commitment: draw.commitment ?? '',
          seed: draw.seed ?? '',
          entropy: draw.entropy ?? '',
          order,
        }),
      );
    } catch {
      setCheck('unavailable');
    }
  };
  const done = check && typeof check === 'object' ? check : null;
  const all = done && done.listHashMatches && done.commitmentMatches && done.orderMatches;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Table
        rowKey="expertId"
        size="small"
        pagination={false}
        data-testid="panel-draw-order"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'rank', dataIndex: 'rank', title: t('scoring.draw.rank'), width: 64 },
          { key: 'name', dataIndex: 'name', title: t('scoring.draw.expert') },
          { key: 'employer', dataIndex: 'employer', title: t('scoring.draw.employer') },
          {
            key: 'seated',
            dataIndex: 'seated',
            title: t('scoring.draw.seat'),
            render: (seated: boolean) =>
              seated ? <Tag color="green">{t('scoring.draw.seated')}</Tag> : <Tag>{t('scoring.draw.reserve')}</Tag>,
          },
        ]}
      />
      {draw.ownerReps.length ? (
        <Typography.Text>
          {t('scoring.draw.reps')}: {draw.ownerReps.map((r) => r.name).join(t('scoring.draw.separator'))}
        </Typography.Text>
      ) : null}
      <Space wrap>
        <Button onClick={() => void run()} loading={check === 'running'}>
          {t('scoring.draw.check')}
        </Button>
        {done ? (
          <Alert
            type={all ? 'success' : 'error'}
            showIcon
            data-testid="panel-draw-check"
            title={all ? t('scoring.draw.checkOk') : t('scoring.draw.checkBad')}
          />
        ) : null}
        {check === 'unavailable' ? <Alert type="error" showIcon title={t('scoring.draw.checkUnavailable')} /> : null}
      </Space>
    </Space>
  );
}

interface DrawForm {
  experts: string;
  ownerReps: number[];
  entropy: string;
}

/** Experts, representatives and entropy; then a review before the binding draw. */
function DrawPanelModal({ detail: d, draw, onClose }: { detail: ScoringDetail; draw: PanelDraw; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const client = useQueryClient();
  const [form] = Form.useForm<DrawForm>();
  const idempotency = useIdempotencyKey();
  const [body, setBody] = useState<{ experts: number; ownerReps: number[]; entropy: string } | null>(null);
  const { busy, refusal, clearRefusal, run: bind } = useBindingStep();
  const eligible = draw.eligible ?? 0;
  const repName = new Map(draw.representatives.map((r) => [r.userId, r.name]));

  const next = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    clearRefusal();
    setBody({ experts: numberValue(v.experts)!, ownerReps: v.ownerReps ?? [], entropy: (v.entropy ?? '').trim() });
  };
  const run = () =>
    body
      ? bind(async () => {
          await drawPanel(d.projectId, body, idempotency.keyFor(body));
          idempotency.answered();
          feedback().message.success(t('scoring.draw.done'));
          await client.invalidateQueries({ queryKey: ['scoring'] });
          onClose();
        })
      : undefined;

  return (
    <Modal
      open
      title={t('scoring.draw.modalTitle', { name: d.name })}
      onCancel={onClose}
      mask={{ closable: false }}
      width={mobile ? '100%' : 560}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          {body ? (
            <Button onClick={() => setBody(null)} disabled={busy}>
              {t('scoring.draw.back')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          )}
          {body ? (
            <Button type="primary" danger loading={busy} onClick={() => void run()}>
              {t('scoring.draw.ok')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void next()}>
              {t('scoring.draw.next')}
            </Button>
          )}
        </Space>
      }
    >
      <div hidden={body !== null}>
        <Typography.Paragraph>{t('scoring.draw.intro', { count: eligible })}</Typography.Paragraph>
        <Form
          form={form}
          name="panel-draw"
          layout="vertical"
          initialValues={{ experts: '', ownerReps: [], entropy: '' }}
        >
          <Form.Item
            name="experts"
            label={t('scoring.draw.experts')}
            extra={t('scoring.draw.expertsHint', { count: Math.min(eligible, 15) })}
            rules={[numberRule(t, { required: true, min: 1, max: Math.min(eligible, 15) })]}
          >
            <NumberInput inputMode="numeric" maxLength={2} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="ownerReps"
            label={t('scoring.draw.reps')}
            extra={t('scoring.draw.repsHint')}
            dependencies={['experts']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, reps: number[] | undefined) => {
                  const experts = numberValue(getFieldValue('experts')) ?? 0;
                  const n = reps?.length ?? 0;
                  if (n * 3 > experts + n) throw new Error(t('scoring.draw.repsTooMany'));
                },
              }),
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              aria-label={t('scoring.draw.reps')}
              showSearch={{ optionFilterProp: 'label' }}
              options={draw.representatives.map((r) => ({ value: r.userId, label: `${r.name} (${r.loginUid})` }))}
            />
          </Form.Item>
          <Form.Item
            name="entropy"
            label={t('scoring.draw.entropy')}
            extra={t('scoring.draw.entropyHint')}
            rules={[entropyRule(t('scoring.draw.entropyInvalid'))]}
          >
            <Input inputMode="numeric" autoComplete="off" maxLength={40} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Form>
      </div>
      {body ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="panel-draw-confirm">
          <Alert
            type="warning"
            showIcon
            title={t('scoring.draw.confirm', {
              experts: body.experts,
              eligible,
              reps:
                body.ownerReps.map((id) => repName.get(id) ?? String(id)).join(t('scoring.draw.separator')) ||
                t('scoring.draw.noReps'),
              entropy: body.entropy || t('scoring.draw.noEntropy'),
            })}
          />
          {refusal ? <Alert type="error" showIcon title={refusal} data-testid="panel-draw-refusal" /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}

/** The panel draw of the project when the caller may read it (the owner and the panel). */
export function usePanelDraw(projectId: number) {
  return useQuery(panelDrawQuery(projectId));
}
