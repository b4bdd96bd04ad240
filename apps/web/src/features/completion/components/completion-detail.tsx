import { AuditOutlined, FileDoneOutlined } from '@ant-design/icons';
import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AwardNoticeFacts, FeeBands, FeeFacts, StoredFileLinks } from '@/shared/components/after-award';
import { Authorized } from '@/shared/components/authorized';
import { Facts } from '@/shared/components/facts';
import { DictTag } from '@/shared/components/dict-tag';
import { DetailDrawer } from '@/shared/components/list-kit/list-page';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { completionDetailQuery, type CompletionDetail } from '../api/completion';
import { AcceptanceDialog } from './acceptance-dialog';
import { ContractDialog } from './contract-dialog';

/** Which page opened the project: it offers that page's step. */
export type CompletionStep = 'contract' | 'fee' | 'acceptance';

/**
 * One project after its award: the winner and its answer, the contract, the service fee with its
 * computation, the award notice, the acceptance; the step of the page that opened it, when the
 * project is there and the caller may take it.
 */
export function CompletionDrawer({
  projectId,
  step,
  onClose,
  feeActions,
}: {
  projectId: number | null;
  step: CompletionStep;
  onClose: () => void;
  /** Finance's decision on the voucher (the fee page). */
  feeActions?: (detail: CompletionDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ ...completionDetailQuery(projectId ?? 0), enabled: !!projectId });
  const d = detail.data;
  return (
    <DetailDrawer
      open={!!projectId}
      onClose={onClose}
      loading={detail.isPending}
      title={d ? `${d.code} ${d.name}` : t('completion.detail')}
    >
      {detail.isError ? (
        <Result status="warning" title={t('common.loadFailed')} subTitle={detail.error.message} />
      ) : d ? (
        <CompletionSections detail={d} step={step} feeActions={feeActions} />
      ) : null}
    </DetailDrawer>
  );
}

/** A step's card: its record, or what is said while there is none. */
function Section({
  title,
  testId,
  none,
  children,
}: {
  title: string;
  testId?: string;
  none: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      {children ?? <Typography.Text type="secondary">{none}</Typography.Text>}
    </Card>
  );
}

function CompletionSections({
  detail: d,
  step,
  feeActions,
}: {
  detail: CompletionDetail;
  step: CompletionStep;
  feeActions?: (detail: CompletionDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const projectStatuses = useDict('project_status');
  const applicationStatuses = useDict('application_status');
  const conclusions = useDict('acceptance_conclusion');
  const [dialog, setDialog] = useState<'contract' | 'acceptance' | null>(null);
  const canContract = step === 'contract' && d.status === 'awarded' && d.winnerStatus === 'confirmed' && !d.contract;
  const canAccept = step === 'acceptance' && d.status === 'contracted' && !d.acceptance;
  const waiting =
    d.status === 'awarded' && d.winnerStatus === 'won'
      ? t('completion.hint.winnerAnswer')
      : step === 'acceptance' && d.status === 'awarded'
        ? t('completion.hint.contractFirst')
        : null;

  const recorded = (r: { recordedBy: string; recordedAt: string }) => ({
    key: 'by',
    label: t('completion.recordedBy'),
    children: t('completion.recordedValue', { name: r.recordedBy, time: formatTime(r.recordedAt) }),
  });
  const files = (label: string, names: string[]) => ({
    key: 'files',
    label,
    children: <StoredFileLinks files={names} names={d.fileNames} />,
  });

  const sections = {
    contract: (
      <Section
        key="contract"
        title={t('completion.contract.section')}
        testId="contract-record"
        none={t('completion.contract.none')}
      >
        {d.contract ? (
          <Facts
            items={[
              { key: 'no', label: t('completion.contract.number'), children: d.contract.contractNo },
              {
                key: 'amount',
                label: t('completion.contract.amount'),
                children: (
                  <Space orientation="vertical" size={0}>
                    <strong>{formatYuan(d.contract.amountFen)}</strong>
                    <span lang="zh-CN">{fenToChineseCapital(d.contract.amountFen)}</span>
                  </Space>
                ),
              },
              { key: 'signed', label: t('completion.contract.signedOn'), children: d.contract.signedOn },
              {
                key: 'period',
                label: t('completion.contract.period'),
                children: t('completion.contract.periodValue', {
                  start: d.contract.periodStart,
                  end: d.contract.periodEnd,
                }),
              },
              files(t('completion.contract.files'), d.contract.files),
              recorded(d.contract),
            ]}
          />
        ) : null}
      </Section>
    ),
    fee: (
      <Section key="fee" title={t('completion.fee.section')} testId="fee-record" none={t('completion.fee.none')}>
        {d.fee ? (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <FeeFacts fee={d.fee} fileNames={d.fileNames} />
            <FeeBands fee={d.fee} />
            {feeActions?.(d)}
          </Space>
        ) : null}
      </Section>
    ),
    notice: (
      <Section key="notice" title={t('completion.notice.section')} none={t('completion.notice.none')}>
        {d.awardNotice ? <AwardNoticeFacts projectId={d.projectId} notice={d.awardNotice} /> : null}
      </Section>
    ),
    acceptance: (
      <Section
        key="acceptance"
        title={t('completion.acceptance.section')}
        testId="acceptance-record"
        none={t('completion.acceptance.none')}
      >
        {d.acceptance ? (
          <Facts
            items={[
              { key: 'date', label: t('completion.acceptance.inspectedOn'), children: d.acceptance.inspectedOn },
              {
                key: 'conclusion',
                label: t('completion.acceptance.conclusionLabel'),
                children: <DictTag options={conclusions.data} value={d.acceptance.conclusion} />,
              },
              {
                key: 'remarks',
                label: t('completion.acceptance.remarks'),
                children: d.acceptance.remarks || t('common.notSet'),
              },
              files(t('completion.acceptance.files'), d.acceptance.files),
              recorded(d.acceptance),
            ]}
          />
        ) : null}
      </Section>
    ),
  };
  // The page's own step first.
  const order =
    step === 'fee'
      ? (['fee', 'notice', 'contract', 'acceptance'] as const)
      : step === 'acceptance'
        ? (['acceptance', 'contract', 'fee', 'notice'] as const)
        : (['contract', 'fee', 'notice', 'acceptance'] as const);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Facts
        testId="completion-detail"
        items={[
          { key: 'owner', label: t('completion.field.owner'), children: d.ownerName },
          {
            key: 'status',
            label: t('completion.field.status'),
            children: <DictTag options={projectStatuses.data} value={d.status} />,
          },
          {
            key: 'winner',
            label: t('completion.field.winner'),
            children: d.winnerName ? (
              <Space wrap>
                <span>{d.winnerName}</span>
                <DictTag options={applicationStatuses.data} value={d.winnerStatus} />
              </Space>
            ) : (
              t('common.notSet')
            ),
          },
          {
            key: 'award',
            label: t('completion.field.award'),
            children: d.awardFen === null ? t('common.notSet') : formatYuan(d.awardFen),
          },
        ]}
      />
      {waiting ? <Alert type="info" showIcon title={waiting} /> : null}
      {canContract || canAccept ? (
        <Space wrap>
          {canContract ? (
            <Authorized permissions={[Perm.selection.contract.add]}>
              <Button type="primary" icon={<FileDoneOutlined />} onClick={() => setDialog('contract')}>
                {t('completion.contract.record')}
              </Button>
            </Authorized>
          ) : null}
          {canAccept ? (
            <Authorized permissions={[Perm.bid.acceptance.add]}>
              <Button type="primary" icon={<AuditOutlined />} onClick={() => setDialog('acceptance')}>
                {t('completion.acceptance.record')}
              </Button>
            </Authorized>
          ) : null}
        </Space>
      ) : null}
      {order.map((key) => sections[key])}
      {dialog === 'contract' ? <ContractDialog detail={d} onClose={() => setDialog(null)} /> : null}
      {dialog === 'acceptance' ? <AcceptanceDialog detail={d} onClose={() => setDialog(null)} /> : null}
    </Space>
  );
}
