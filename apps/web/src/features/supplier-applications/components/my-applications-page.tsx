import { RollbackOutlined, SafetyCertificateOutlined, TrophyOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { LiveLink } from '@/shared/components/live-link';
import { LinkButton } from '@/shared/components/link-button';
import { SelectFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { timeColumn } from '@/shared/components/list-kit/list-parts';
import { useDictOptions } from '@/shared/lib/dict-options';
import { confirmAction } from '@/shared/lib/list';
import { parseInstant } from '@/shared/lib/instant';
import { feedback } from '@/shared/lib/notify';
import { MY_APPLICATIONS_URL, withdrawApplication, type MyApplication } from '../api/my-applications';
import { ChooseLetterDialog } from './choose-letter-dialog';
import { ResultPanel, type ResultOf } from './result-panel';

/** The project's result is public (or was, before it failed), or the application was ranked. */
const RESULT_STAGES = ['publicity', 'awarded', 'contracted', 'accepted', 'completed'];
const RANKED = ['won', 'lost', 'confirmed', 'declined'];
const hasResult = (a: MyApplication) => RESULT_STAGES.includes(a.projectStatus) || RANKED.includes(a.status);

/**
 * Whether the application may choose its guarantee letter now: waiting for its check, before the
 * bid deadline, its project requiring a guarantee or it holding one (the server judges it again).
 */
export function mayChooseLetter(a: MyApplication, now = Date.now()): boolean {
  if (a.status !== 'pending_check' || !(a.guaranteeRequired || a.guaranteeLetterNo)) return false;
  const deadline = parseInstant(a.bidDeadline).getTime();
  return !Number.isNaN(deadline) && now < deadline;
}

/** The letter an application holds: platform-issued (verified), from elsewhere (unverified), or none. */
function LetterCell({ a }: { a: MyApplication }) {
  const { t } = useTranslation();
  const required = a.guaranteeRequired ? (
    <Typography.Text type="secondary">
      {t('guaranteeSupplier.letter.required', { amount: formatYuan(a.guaranteeAmountFen) })}
    </Typography.Text>
  ) : null;
  if (!a.guaranteeLetterNo) {
    return a.guaranteeRequired ? (
      <Space orientation="vertical" size={0}>
        <Tag color="warning">{t('guaranteeSupplier.letter.requiredNone')}</Tag>
        {required}
      </Space>
    ) : null;
  }
  return (
    <Space orientation="vertical" size={0}>
      <span>{a.guaranteeLetterNo}</span>
      {a.guaranteeOrderId !== null ? (
        <Tag color="success">{t('guaranteeSupplier.letter.verified')}</Tag>
      ) : (
        <Tag color="orange">{t('guaranteeSupplier.letter.unverified')}</Tag>
      )}
      {required}
    </Space>
  );
}

/**
 * `web/project`: the supplier's applications with their outcome and guarantee letter; withdraw and
 * choose the letter before the deadline; the result of a project that has one (objection, the
 * winner's answer, fee voucher, award notice).
 */
export default function MyApplicationsPage() {
  const { t } = useTranslation();
  const statuses = useDictOptions('application_status');
  const records = useRecordList<MyApplication>(MY_APPLICATIONS_URL, { also: ['hall'] });
  const [result, setResult] = useState<ResultOf | null>(null);
  const [choosing, setChoosing] = useState<MyApplication | null>(null);

  const columns: TableColumnsType<MyApplication> = [
    {
      key: 'project',
      title: t('applications.field.project'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/iteminfo?id=${a.projectId}`}>{a.projectName}</Link>
          <Typography.Text type="secondary">{a.projectCode}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('applications.field.status'),
      render: (_, a) => <DictTag options={statuses.dict} value={a.status} />,
    },
    {
      key: 'guarantee',
      title: t('guaranteeSupplier.letter.column'),
      render: (_, a) => <LetterCell a={a} />,
    },
    {
      key: 'statusReason',
      title: t('applications.field.reason'),
      render: (_, a) => a.statusReason ?? '',
    },
    timeColumn('createdAt', t('applications.field.appliedAt')),
    timeColumn('checkedAt', t('applications.field.checkedAt')),
    timeColumn('bidDeadline', t('applications.field.bidDeadline')),
  ];

  return (
    <ListFrame testId="my-applications-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('applications.mine.hint')}
        action={
          <LinkButton to="/hall" size="small" type="primary">
            {t('applications.mine.toHall')}
          </LinkButton>
        }
      />
      <RecordList<MyApplication>
        records={records}
        search={
          <SelectFilter name="status" label={t('applications.field.status')} width={140} options={statuses.options} />
        }
        columns={columns}
        rowActions={(a) => (
          <>
            <LiveLink projectId={a.projectId} inline />
            {mayChooseLetter(a) ? (
              <Authorized permissions={['web:project:list']}>
                <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => setChoosing(a)}>
                  {t('guaranteeSupplier.letter.choose')}
                </Button>
              </Authorized>
            ) : null}
            {hasResult(a) ? (
              <Authorized permissions={['web:project:list']}>
                <Button type="link" size="small" icon={<TrophyOutlined />} onClick={() => setResult(a)}>
                  {t('supplierResult.action')}
                </Button>
              </Authorized>
            ) : null}
            {a.actions.includes('withdraw') ? (
              <Authorized permissions={['web:project:withdraw']}>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<RollbackOutlined />}
                  onClick={() =>
                    confirmAction(t('applications.confirm.withdraw', { project: a.projectName }), async () => {
                      await withdrawApplication(a.id);
                      feedback().message.success(t('applications.done.withdraw'));
                      await records.refresh();
                    })
                  }
                >
                  {t('applications.action.withdraw')}
                </Button>
              </Authorized>
            ) : null}
          </>
        )}
      />
      <ResultPanel of={result} onClose={() => setResult(null)} />
      <ChooseLetterDialog application={choosing} onClose={() => setChoosing(null)} onTaken={records.refresh} />
    </ListFrame>
  );
}
