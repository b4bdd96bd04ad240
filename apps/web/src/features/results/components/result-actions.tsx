import { CheckOutlined, EditOutlined, RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { formatYuan } from '@lvb/contracts/money';
import { Button, Descriptions, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { confirmOnce } from '@/shared/lib/confirm';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { chooseAfterDecline, type DeclinedChoice } from '../api/after-decline';
import { approveResult, returnResult } from '../api/audit-result';
import { confirmResult } from '../api/confirm-result';
import type { ProjectResult } from '../api/result-detail';
import { RESULTS_URL } from '../api/results-list';
import { AmountInWords } from './amount';
import { sendAfterConfirm } from './ask-first';
import { ChoiceItem, ReasonItem } from './step-fields';

/** The project a result belongs to, as its list row names it. */
export interface ResultProject {
  projectId: number;
  code: string;
  name: string;
}

/** What the result waits for, and so which step its page offers (each to the holders of its permission). */
export function stepsOf(result: ProjectResult) {
  const winner = result.ranking.find((l) => l.applicationId === result.winnerApplicationId) ?? null;
  const signed = result.confirmation?.winnerApplicationId;
  return {
    winner,
    sign: result.status === 'result_pending' && winner !== null && result.amountFen !== null,
    audit: result.status === 'result_audit',
    // The awarded winner declined: the owner passes the result on or fails the project.
    afterDecline:
      result.status === 'awarded' && result.ranking.some((l) => l.applicationId === signed && l.status === 'declined'),
  };
}

/** Refetches every result list and detail after a step, with the step's own message. */
export function useStepDone() {
  const invalidate = useInvalidate();
  return async (message: string) => {
    feedback().message.success(message);
    await invalidate(RESULTS_URL);
  };
}

/**
 * The steps of a result the caller may take now: the owner confirms and signs (after a dialog with
 * the winner and the amount in figures and capital numerals) or chooses after a declined award;
 * the auditor approves into publicity (after a confirmation) or returns with a reason.
 */
export function ResultActions({ project, result }: { project: ResultProject; result: ProjectResult }) {
  const { t } = useTranslation();
  const done = useStepDone();
  const [returning, setReturning] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const steps = stepsOf(result);
  const id = project.projectId;
  const title = `${project.code} ${project.name}`;

  const sign = () =>
    confirmOnce(`result:sign:${id}`, {
      title: t('results.sign.title'),
      width: 560,
      content: (
        <div data-testid="sign-summary">
          <Typography.Paragraph>{t('results.sign.intro', { project: title })}</Typography.Paragraph>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'winner', label: t('results.field.winner'), children: steps.winner?.companyName },
              {
                key: 'amount',
                label: t('results.field.amount'),
                children: <AmountInWords fen={result.amountFen ?? 0} testId="sign-amount" />,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('results.sign.effect')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('results.sign.ok'),
      cancelText: t('common.cancel'),
      run: async () => {
        await confirmResult(id);
        await done(t('results.sign.done'));
      },
    });

  const approve = () =>
    confirmOnce(`result:approve:${id}`, {
      title: t('results.approve.title'),
      content: t('results.approve.confirm', {
        project: title,
        winner: steps.winner?.companyName ?? '',
        amount: result.amountFen === null ? '' : formatYuan(result.amountFen),
      }),
      okText: t('results.approve.ok'),
      cancelText: t('common.cancel'),
      run: async () => {
        await approveResult(id);
        await done(t('results.approve.done'));
      },
    });

  return (
    <>
      {steps.sign ? (
        <Authorized permissions={[Perm.selection.confirm.sign]}>
          <Button type="primary" icon={<EditOutlined />} onClick={sign}>
            {t('results.sign.action')}
          </Button>
        </Authorized>
      ) : null}
      {steps.audit ? (
        <>
          <Authorized permissions={[Perm.audit.result.approve]}>
            <Button type="primary" icon={<CheckOutlined />} onClick={approve}>
              {t('results.approve.action')}
            </Button>
          </Authorized>
          <Authorized permissions={[Perm.audit.result.reject]}>
            <Button danger icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
              {t('results.return.action')}
            </Button>
          </Authorized>
        </>
      ) : null}
      {steps.afterDecline ? (
        <Authorized permissions={[Perm.selection.confirm.sign]}>
          <Button type="primary" icon={<SwapOutlined />} onClick={() => setChoosing(true)}>
            {t('results.declined.action')}
          </Button>
        </Authorized>
      ) : null}
      <ReasonDialog
        open={returning}
        title={t('results.return.title', { project: title })}
        onCancel={() => setReturning(false)}
        onSubmit={async (reason) => {
          await returnResult(id, reason);
          setReturning(false);
          await done(t('results.return.done'));
        }}
      />
      <DeclinedDialog
        open={choosing}
        project={title}
        onClose={() => setChoosing(false)}
        onSend={async (choice) => {
          await chooseAfterDecline(id, choice);
          await done(t(choice.choice === 'next' ? 'results.declined.doneNext' : 'results.declined.doneFail'));
        }}
      />
    </>
  );
}

/** After a declined award: next bidder or fail, with the reason, confirmed before it is sent. */
function DeclinedDialog({
  open,
  project,
  onClose,
  onSend,
}: {
  open: boolean;
  project: string;
  onClose: () => void;
  onSend: (choice: DeclinedChoice) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeclinedChoice>();
  return (
    <FormDialog<DeclinedChoice>
      open={open}
      title={t('results.declined.title', { project })}
      form={form}
      name="declined"
      width={560}
      okText={t('common.confirm')}
      onClose={onClose}
      onSubmit={(values) => {
        const choice = { choice: values.choice, reason: values.reason.trim() };
        return sendAfterConfirm(
          `result:declined:${project}`,
          {
            title: t('results.declined.title', { project }),
            content: t(choice.choice === 'next' ? 'results.declined.confirmNext' : 'results.declined.confirmFail'),
            okText: t('common.confirm'),
            cancelText: t('common.cancel'),
            okButtonProps: { danger: choice.choice === 'fail' },
          },
          () => onSend(choice),
        );
      }}
    >
      <Typography.Paragraph type="secondary">{t('results.declined.hint')}</Typography.Paragraph>
      <ChoiceItem />
      <ReasonItem />
    </FormDialog>
  );
}
