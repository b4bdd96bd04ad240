import { MessageOutlined, SafetyOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { Button, Card, Descriptions, Empty, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredFileLinks } from '@/shared/components/after-award';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { answerObjection, decideObjection, type ObjectionDecision } from '../api/objection-steps';
import type { Objection, ProjectResult } from '../api/result-detail';
import { sendAfterConfirm } from './ask-first';
import { useStepDone, type ResultProject } from './result-actions';
import { ChoiceItem, ReasonItem } from './step-fields';

/** The bounds of an answer (`objectionAnswerBody` of the contracts). */
const ANSWER = { min: 2, max: 2000 } as const;

const undecided = (o: Objection) => o.status === 'open' || o.status === 'answered';

/**
 * The objections of the participants: reason, files, the owner's answer and the auditor's
 * decision. With `actionable`, an undecided one offers the owner an answer and the auditor a
 * decision (upheld with where the result goes, or dismissed; each with a reason).
 */
export function ObjectionsCard({
  project,
  result,
  actionable,
}: {
  project: ResultProject;
  result: ProjectResult;
  actionable: boolean;
}) {
  const { t } = useTranslation();
  const statuses = useDict('objection_status');
  const done = useStepDone();
  const [answering, setAnswering] = useState<Objection | null>(null);
  const [deciding, setDeciding] = useState<Objection | null>(null);
  const id = project.projectId;

  return (
    <Card size="small" title={t('results.objections.title')} data-testid="result-objections">
      {result.objections.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.objections.none')} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {result.objections.map((o) => (
            <Card
              key={o.id}
              size="small"
              type="inner"
              data-testid={`objection-${o.id}`}
              title={
                <Space size={8} wrap>
                  {o.companyName}
                  <DictTag options={statuses.data} value={o.status} />
                </Space>
              }
              extra={<span className="muted">{formatTime(o.createdAt)}</span>}
            >
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'reason', label: t('results.objections.reason'), children: o.reason },
                  ...(o.files.length
                    ? [
                        {
                          key: 'files',
                          label: t('results.objections.files'),
                          children: <StoredFileLinks files={o.files} names={result.fileNames} />,
                        },
                      ]
                    : []),
                  {
                    key: 'answer',
                    label: t('results.objections.answer'),
                    children: o.answer ?? (
                      <Typography.Text type="secondary">{t('results.objections.noAnswer')}</Typography.Text>
                    ),
                  },
                  ...(o.decisionReason
                    ? [{ key: 'decision', label: t('results.objections.decisionReason'), children: o.decisionReason }]
                    : []),
                ]}
              />
              {actionable && undecided(o) ? (
                <Space wrap style={{ marginTop: 8 }}>
                  <Authorized permissions={[Perm.selection.confirm.sign]}>
                    <Button icon={<MessageOutlined />} onClick={() => setAnswering(o)}>
                      {t(o.answer ? 'results.objections.answerAgain' : 'results.objections.answerAction')}
                    </Button>
                  </Authorized>
                  <Authorized permissions={[Perm.audit.result.approve, Perm.audit.result.reject]}>
                    <Button type="primary" icon={<SafetyOutlined />} onClick={() => setDeciding(o)}>
                      {t('results.objections.decideAction')}
                    </Button>
                  </Authorized>
                </Space>
              ) : null}
            </Card>
          ))}
        </Space>
      )}
      <AnswerDialog
        objection={answering}
        onClose={() => setAnswering(null)}
        onSend={async (answer) => {
          await answerObjection(id, answering!.id, answer);
          await done(t('results.objections.answered'));
        }}
      />
      <DecideDialog
        objection={deciding}
        onClose={() => setDeciding(null)}
        onSend={async (decision) => {
          await decideObjection(id, deciding!.id, decision);
          await done(t(decision.decision === 'uphold' ? 'results.objections.upheld' : 'results.objections.dismissed'));
        }}
      />
    </Card>
  );
}

function AnswerDialog({
  objection,
  onClose,
  onSend,
}: {
  objection: Objection | null;
  onClose: () => void;
  onSend: (answer: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ answer: string }>();
  const message = t('results.objections.answerRequired');
  return (
    <FormDialog<{ answer: string }>
      open={objection !== null}
      title={t('results.objections.answerTitle', { company: objection?.companyName ?? '' })}
      form={form}
      name="objection-answer"
      width={560}
      initialValues={{ answer: objection?.answer ?? '' }}
      okText={t('common.submit')}
      onClose={onClose}
      onSubmit={({ answer }) => onSend(answer.trim())}
    >
      <Typography.Paragraph type="secondary">{objection?.reason}</Typography.Paragraph>
      <Form.Item
        name="answer"
        label={t('results.objections.answer')}
        rules={[{ required: true, whitespace: true, message }, { min: ANSWER.min, message }, { max: ANSWER.max }]}
      >
        <Input.TextArea rows={5} maxLength={ANSWER.max} showCount />
      </Form.Item>
    </FormDialog>
  );
}

type DecisionForm = { decision: ObjectionDecision['decision']; choice?: 'next' | 'fail'; reason: string };

/** Uphold (then where the result goes is required) or dismiss, with the reason; confirmed before it is sent. */
function DecideDialog({
  objection,
  onClose,
  onSend,
}: {
  objection: Objection | null;
  onClose: () => void;
  onSend: (decision: ObjectionDecision) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DecisionForm>();
  const decision = Form.useWatch('decision', form);
  const company = objection?.companyName ?? '';
  const summary = (v: DecisionForm) =>
    v.decision === 'dismiss'
      ? t('results.objections.confirmDismiss', { company })
      : t(v.choice === 'next' ? 'results.objections.confirmUpholdNext' : 'results.objections.confirmUpholdFail', {
          company,
        });
  return (
    <FormDialog<DecisionForm>
      open={objection !== null}
      title={t('results.objections.decideTitle', { company })}
      form={form}
      name="objection-decision"
      width={560}
      okText={t('common.confirm')}
      onClose={onClose}
      onSubmit={(v) => {
        const body: ObjectionDecision = {
          decision: v.decision,
          reason: v.reason.trim(),
          ...(v.decision === 'uphold' ? { choice: v.choice } : {}),
        };
        return sendAfterConfirm(
          `objection:decide:${objection?.id}`,
          {
            title: t('results.objections.decideTitle', { company }),
            content: summary(v),
            okText: t('common.confirm'),
            cancelText: t('common.cancel'),
            okButtonProps: { danger: v.decision === 'uphold' },
          },
          () => onSend(body),
        );
      }}
    >
      <Typography.Paragraph type="secondary">{objection?.reason}</Typography.Paragraph>
      <Form.Item
        name="decision"
        label={t('results.objections.decision')}
        rules={[{ required: true, message: t('results.objections.decisionRequired') }]}
      >
        <Radio.Group
          options={(['uphold', 'dismiss'] as const).map((d) => ({ value: d, label: t(`results.objections.${d}`) }))}
        />
      </Form.Item>
      {decision === 'uphold' ? <ChoiceItem /> : null}
      <ReasonItem />
    </FormDialog>
  );
}
