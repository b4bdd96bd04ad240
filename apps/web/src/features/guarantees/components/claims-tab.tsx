import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { guaranteeClaimWorkflow, type ClaimEvent } from '@lvb/contracts/guarantee-claim-workflow';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { Button, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { DetailDrawer, RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { confirmOnce } from '@/shared/lib/confirm';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { useSession } from '@/shared/lib/session';
import { CLAIMS_URL, payClaim, refuseClaim, type ClaimRow } from '../api/claims';
import { LETTERS_URL, MY_LETTERS_URL, MY_ORDERS_URL, ORDERS_URL } from '../api/orders';
import { claimFacts, useClaimStatuses } from './claim-parts';

/**
 * Guarantee staff decide a filed claim: pay it (after a confirmation stating the amount in figures
 * and capital numerals, and that the letter ends) or refuse it with a reason. Each under its own
 * Idempotency-Key; then a toast and both tabs of `manager/gl` refetch.
 */
function useClaimDecisions(onDone: () => void) {
  const { t } = useTranslation();
  const session = useSession();
  const idempotency = useIdempotencyKey();
  const invalidate = useInvalidate();
  const [refusing, setRefusing] = useState<ClaimRow | null>(null);

  const decided = async (event: ClaimEvent) => {
    idempotency.answered();
    feedback().message.success(t(`guarantees.claim.done.${event}`));
    onDone();
    await invalidate(CLAIMS_URL, LETTERS_URL, ORDERS_URL, MY_ORDERS_URL, MY_LETTERS_URL);
  };

  const askPay = (c: ClaimRow) =>
    confirmOnce(`claim:pay:${c.id}`, {
      title: t('guarantees.claim.pay.title', { no: c.claimNo }),
      width: 560,
      content: (
        <div data-testid="pay-confirm">
          <Typography.Paragraph>
            {t('guarantees.claim.pay.intro', {
              beneficiary: c.beneficiary,
              letterNo: c.letterNo,
              company: c.companyName,
            })}
          </Typography.Paragraph>
          <Facts
            items={amountInWordsItems(
              c.amountFen,
              { figures: t('guarantees.figures'), words: t('guarantees.words') },
              'pay-amount',
            )}
          />
          <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('guarantees.claim.pay.ends')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('guarantees.claim.action.pay'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      run: async () => {
        await payClaim(c.id, idempotency.keyFor({ claim: c.id, event: 'pay' }));
        await decided('pay');
      },
    });

  /** The buttons of the events the signed-in user may fire on the claim now. */
  const buttons = (c: ClaimRow, size?: 'small'): ReactNode => {
    const events: readonly ClaimEvent[] = eventsAllowed(guaranteeClaimWorkflow, c.status, session);
    return (
      <>
        {events.includes('pay') ? (
          <Button type={size ? 'link' : 'primary'} size={size} icon={<CheckOutlined />} onClick={() => askPay(c)}>
            {t('guarantees.claim.action.pay')}
          </Button>
        ) : null}
        {events.includes('refuse') ? (
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            danger
            icon={<CloseOutlined />}
            onClick={() => setRefusing(c)}
          >
            {t('guarantees.claim.action.refuse')}
          </Button>
        ) : null}
      </>
    );
  };

  const dialog = (
    <ReasonDialog
      open={!!refusing}
      title={t('guarantees.claim.refuseTitle', {
        no: refusing?.claimNo ?? '',
        beneficiary: refusing?.beneficiary ?? '',
      })}
      onCancel={() => setRefusing(null)}
      onSubmit={async (reason) => {
        const c = refusing!;
        await refuseClaim(c.id, reason, idempotency.keyFor({ claim: c.id, event: 'refuse', reason }));
        setRefusing(null);
        await decided('refuse');
      }}
    />
  );

  return { buttons, dialog };
}

/**
 * The Claims tab of `manager/gl`: claims on issued letters by keyword and status, exported, each
 * opened in a drawer (the claim, the letter's and the claimed amounts in figures and capital
 * numerals, the reason, the files) with Pay and Refuse while it is filed.
 */
export function ClaimsTab() {
  const { t } = useTranslation();
  const statuses = useClaimStatuses();
  const records = useRecordList<ClaimRow>(CLAIMS_URL);
  const [viewing, setViewing] = useState<ClaimRow | null>(null);
  const decisions = useClaimDecisions(() => setViewing(null));

  const columns: TableColumnsType<ClaimRow> = [
    { key: 'claimNo', dataIndex: 'claimNo', title: t('guarantees.claim.field.claimNo') },
    { key: 'letterNo', dataIndex: 'letterNo', title: t('guarantees.field.letterNo') },
    { key: 'companyName', dataIndex: 'companyName', title: t('guarantees.claim.field.company') },
    {
      key: 'project',
      title: t('guarantees.field.project'),
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.projectName}</span>
          <Typography.Text type="secondary">{c.projectCode}</Typography.Text>
        </Space>
      ),
    },
    { key: 'beneficiary', dataIndex: 'beneficiary', title: t('guarantees.field.beneficiary') },
    {
      key: 'letterAmount',
      title: t('guarantees.claim.field.letterAmount'),
      align: 'right',
      render: (_, c) => formatYuan(c.letterAmountFen),
    },
    {
      key: 'amount',
      title: t('guarantees.claim.field.amount'),
      align: 'right',
      render: (_, c) => formatYuan(c.amountFen),
    },
    {
      key: 'status',
      title: t('guarantees.field.status'),
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <DictTag options={statuses.dict} value={c.status} />
          {c.statusReason ? <Typography.Text type="secondary">{c.statusReason}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'createdAt', title: t('guarantees.claim.field.filedAt'), render: (_, c) => formatTime(c.createdAt) },
  ];

  return (
    <div data-testid="guarantee-claims">
      <RecordList<ClaimRow>
        records={records}
        search={
          <>
            <TextFilter name="keyword" label={t('guarantees.claim.filter.keyword')} width={240} maxLength={100} />
            <SelectFilter name="status" label={t('guarantees.field.status')} width={150} options={statuses.options} />
          </>
        }
        exportAs={{ permissions: [Perm.guarantee.letter.export], fileName: 'guarantee-claims.xlsx' }}
        columns={columns}
        fixedActions
        rowActions={(c) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(c)}>
              {t('guarantees.action.view')}
            </Button>
            {decisions.buttons(c, 'small')}
          </>
        )}
      />
      <DetailDrawer
        open={!!viewing}
        title={t('guarantees.claim.detail', { no: viewing?.claimNo ?? '' })}
        onClose={() => setViewing(null)}
      >
        {viewing ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="claim-detail">
            <Facts items={claimFacts(t, viewing, statuses.dict, { full: true })} />
            <Space wrap>{decisions.buttons(viewing)}</Space>
          </Space>
        ) : null}
      </DetailDrawer>
      {decisions.dialog}
    </div>
  );
}
