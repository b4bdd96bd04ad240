import { CheckOutlined, CloseOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AwardNoticeFacts, FeeBands, FeeFacts, StoredFileLinks } from '@/shared/components/after-award';
import { Authorized } from '@/shared/components/authorized';
import { Facts } from '@/shared/components/facts';
import { DictTag } from '@/shared/components/dict-tag';
import { DetailDrawer } from '@/shared/components/list-kit/list-page';
import { PublicResultView } from '@/shared/components/public-result';
import { confirmOnce } from '@/shared/lib/confirm';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { MY_APPLICATIONS_URL } from '../api/my-applications';
import {
  confirmAward,
  declineAward,
  fileObjection,
  submitVoucher,
  supplierResultQuery,
  type SupplierResult,
} from '../api/supplier-result';
import { StatementDialog } from './statement-dialog';
import { VoucherForm } from './voucher-form';

/** The application whose project's result the panel shows. */
export interface ResultOf {
  projectId: number;
  projectName: string;
}

/**
 * A project's result as the supplier sees it: the result and ranking, its application, its
 * objection with the owner's answer and the auditor's decision; the winner's answer to the award,
 * its service fee and voucher, its award notice. Each action as the server says the company may.
 */
export function ResultPanel({ of, onClose }: { of: ResultOf | null; onClose: () => void }) {
  const { t } = useTranslation();
  const result = useQuery({ ...supplierResultQuery(of?.projectId ?? 0), enabled: !!of });
  return (
    <DetailDrawer
      open={!!of}
      onClose={onClose}
      loading={result.isPending}
      title={t('supplierResult.title', { name: of?.projectName ?? '' })}
    >
      {result.isError ? (
        <Result status="warning" title={t('common.loadFailed')} subTitle={result.error.message} />
      ) : result.data && of ? (
        <ResultSections projectId={of.projectId} data={result.data} />
      ) : null}
    </DetailDrawer>
  );
}

type Statement = 'object' | 'decline';

function ResultSections({ projectId, data: r }: { projectId: number; data: SupplierResult }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const idempotency = useIdempotencyKey();
  const applicationStatuses = useDict('application_status');
  const objectionStatuses = useDict('objection_status');
  const [statement, setStatement] = useState<Statement | null>(null);

  /** Sends one step under the key of its body, then refetches the panel and the list. */
  const act = async (body: object, send: (key: string) => Promise<unknown>, done: string) => {
    await send(idempotency.keyFor({ projectId, ...body }));
    idempotency.answered();
    feedback().message.success(done);
    await invalidate('supplier-result', MY_APPLICATIONS_URL);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Facts
        items={[
          {
            key: 'status',
            label: t('supplierResult.applicationStatus'),
            children: <DictTag options={applicationStatuses.data} value={r.applicationStatus} />,
          },
        ]}
      />
      {r.canAnswerAward ? (
        <Authorized permissions={[Perm.web.project.list]}>
          <Alert
            type="success"
            showIcon
            title={t('supplierResult.award.won')}
            description={t('supplierResult.award.answer')}
            action={
              <Space orientation="vertical">
                <Button
                  type="primary"
                  size="small"
                  icon={<CheckOutlined />}
                  onClick={() =>
                    confirmOnce(`award:confirm:${projectId}`, {
                      title: t('supplierResult.award.confirm'),
                      content: t('supplierResult.award.confirmText'),
                      okText: t('supplierResult.award.confirm'),
                      cancelText: t('common.cancel'),
                      run: () =>
                        act(
                          { award: 'confirm' },
                          (key) => confirmAward(projectId, key),
                          t('supplierResult.award.confirmed'),
                        ),
                    })
                  }
                >
                  {t('supplierResult.award.confirm')}
                </Button>
                <Button size="small" danger icon={<CloseOutlined />} onClick={() => setStatement('decline')}>
                  {t('supplierResult.award.decline')}
                </Button>
              </Space>
            }
          />
        </Authorized>
      ) : null}
      <Card size="small" title={t('publicResults.title')}>
        {r.result ? (
          <PublicResultView result={r.result} />
        ) : (
          <Typography.Text type="secondary">{t('supplierResult.noResult')}</Typography.Text>
        )}
      </Card>
      <Card
        size="small"
        title={t('supplierResult.objection.title')}
        data-testid="my-objection"
        extra={
          r.canObject ? (
            <Authorized permissions={[Perm.web.project.list]}>
              <Button size="small" icon={<ExclamationCircleOutlined />} onClick={() => setStatement('object')}>
                {t('supplierResult.objection.file')}
              </Button>
            </Authorized>
          ) : null
        }
      >
        {r.objection ? (
          <Facts
            items={[
              {
                key: 'status',
                label: t('supplierResult.objection.status'),
                children: <DictTag options={objectionStatuses.data} value={r.objection.status} />,
              },
              {
                key: 'filed',
                label: t('supplierResult.objection.filedAt'),
                children: formatTime(r.objection.createdAt),
              },
              { key: 'reason', label: t('supplierResult.reason'), children: r.objection.reason },
              {
                key: 'files',
                label: t('supplierResult.files'),
                children: <StoredFileLinks files={r.objection.files} names={r.fileNames} />,
              },
              {
                key: 'answer',
                label: t('supplierResult.objection.answer'),
                children: r.objection.answer ?? t('supplierResult.objection.notAnswered'),
              },
              {
                key: 'decision',
                label: t('supplierResult.objection.decision'),
                children: r.objection.decisionReason ?? t('supplierResult.objection.notDecided'),
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">
            {r.canObject ? t('supplierResult.objection.may') : t('supplierResult.objection.none')}
          </Typography.Text>
        )}
      </Card>
      {r.fee ? (
        <Card size="small" title={t('completion.fee.section')}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <FeeFacts fee={r.fee} fileNames={r.fileNames} />
            <FeeBands fee={r.fee} />
            {r.fee.status === 'unpaid' || r.fee.status === 'rejected' ? (
              <Authorized permissions={[Perm.web.project.list]}>
                <VoucherForm
                  fee={r.fee}
                  onSubmit={(voucher) =>
                    act(
                      { voucher },
                      (key) => submitVoucher(projectId, voucher, key),
                      t('supplierResult.voucher.submitted'),
                    )
                  }
                />
              </Authorized>
            ) : null}
          </Space>
        </Card>
      ) : null}
      {r.awardNotice ? (
        <Card size="small" title={t('completion.notice.section')}>
          <AwardNoticeFacts projectId={projectId} notice={r.awardNotice} />
        </Card>
      ) : null}
      <StatementDialog
        open={statement === 'object'}
        title={t('supplierResult.objection.file')}
        warning={t('supplierResult.objection.once')}
        okText={t('supplierResult.objection.send')}
        withFiles
        onClose={() => setStatement(null)}
        onSubmit={(body) =>
          act({ objection: body }, (key) => fileObjection(projectId, body, key), t('supplierResult.objection.filed'))
        }
      />
      <StatementDialog
        open={statement === 'decline'}
        title={t('supplierResult.award.decline')}
        warning={t('supplierResult.award.declineWarning')}
        okText={t('supplierResult.award.declineSend')}
        onClose={() => setStatement(null)}
        onSubmit={({ reason }) =>
          act({ decline: reason }, (key) => declineAward(projectId, reason, key), t('supplierResult.award.declined'))
        }
      />
    </Space>
  );
}
