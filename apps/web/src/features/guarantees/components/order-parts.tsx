import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { guaranteeOrderWorkflow, type OrderEvent } from '@lvb/contracts/guarantee-order-workflow';
import { formatYuan } from '@lvb/contracts/money';
import { AccountType } from '@lvb/contracts/access';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts } from '@/shared/components/facts';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { DetailDrawer } from '@/shared/components/list-kit/list-page';
import { downloadStoredFile } from '@/shared/api/after-award';
import type { DictOption } from '@/shared/lib/dict';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { useSession } from '@/shared/lib/session';
import {
  downloadLetter,
  LETTERS_URL,
  MY_LETTERS_URL,
  MY_ORDERS_URL,
  orderDetailQuery,
  orderStep,
  ORDERS_URL,
  type OrderDetail,
  type OrderRow,
} from '../api/orders';
import { ClaimList } from './claim-parts';

/** The two dictionaries every order list shows. */
export function useOrderDicts() {
  const statuses = useDictOptions('order_status');
  const kinds = useDictOptions('guarantee_kind');
  return { statuses, kinds };
}

type Dicts = ReturnType<typeof useOrderDicts>;

/** The search fields of an order list: the keyword (with its label) when the list takes one, status, kind. */
export function OrderFilters({ dicts, keyword, status }: { dicts: Dicts; keyword?: string; status?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {keyword ? <TextFilter name="keyword" label={keyword} width={220} maxLength={100} /> : null}
      {status ? (
        <SelectFilter name="status" label={t('guarantees.field.status')} width={150} options={dicts.statuses.options} />
      ) : null}
      <SelectFilter name="kind" label={t('guarantees.field.kind')} width={150} options={dicts.kinds.options} />
    </>
  );
}

/** A button of one workflow event: its icon, its look, what it does. */
export interface EventAction {
  event: OrderEvent;
  icon: ReactNode;
  primary?: boolean;
  danger?: boolean;
  run: (order: OrderRow) => void;
}

/**
 * The buttons of an order that its viewer may press: those of `actions` whose event the workflow
 * table lets the signed-in user fire from the order's status. Links in a row (`small`), buttons
 * in the drawer.
 */
export function useEventButtons(actions: readonly EventAction[]) {
  const { t } = useTranslation();
  const session = useSession();
  return (order: OrderRow, size?: 'small'): ReactNode => {
    const events: readonly OrderEvent[] = eventsAllowed(guaranteeOrderWorkflow, order.status, session);
    return actions
      .filter((a) => events.includes(a.event))
      .map((a) => (
        <Button
          key={a.event}
          type={size ? 'link' : a.primary ? 'primary' : 'default'}
          size={size}
          danger={a.danger}
          icon={a.icon}
          onClick={() => a.run(order)}
        >
          {t(`guarantees.event.${a.event}`)}
        </Button>
      ));
  };
}

const statusCell = (dict: readonly DictOption[] | undefined, o: OrderRow) => (
  <Space orientation="vertical" size={0}>
    <DictTag options={dict} value={o.status} />
    {o.statusReason ? <Typography.Text type="secondary">{o.statusReason}</Typography.Text> : null}
  </Space>
);

/** The columns of an order list; `company` adds the supplier (the staff's lists). */
export function orderColumns(t: TFunction, { statuses, kinds }: Dicts, company: boolean): TableColumnsType<OrderRow> {
  return [
    { key: 'orderNo', dataIndex: 'orderNo', title: t('guarantees.field.orderNo') },
    ...(company ? [{ key: 'companyName', dataIndex: 'companyName', title: t('guarantees.field.company') }] : []),
    {
      key: 'project',
      title: t('guarantees.field.project'),
      render: (_, o) => (
        <Space orientation="vertical" size={0}>
          <span>{o.projectName}</span>
          <Typography.Text type="secondary">{o.projectCode}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'kind',
      title: t('guarantees.field.kind'),
      render: (_, o) => <DictTag options={kinds.dict} value={o.kind} />,
    },
    { key: 'amount', title: t('guarantees.field.amount'), align: 'right', render: (_, o) => formatYuan(o.amountFen) },
    {
      key: 'premium',
      title: t('guarantees.field.premium'),
      align: 'right',
      render: (_, o) => formatYuan(o.premiumFen),
    },
    { key: 'status', title: t('guarantees.field.status'), render: (_, o) => statusCell(statuses.dict, o) },
    { key: 'createdAt', title: t('guarantees.field.createdAt'), render: (_, o) => formatTime(o.createdAt) },
  ];
}

/** The columns of a list of issued letters. */
export function letterColumns(t: TFunction, { statuses, kinds }: Dicts, company: boolean): TableColumnsType<OrderRow> {
  return [
    { key: 'letterNo', dataIndex: 'letterNo', title: t('guarantees.field.letterNo') },
    ...(company ? [{ key: 'companyName', dataIndex: 'companyName', title: t('guarantees.field.company') }] : []),
    { key: 'projectName', dataIndex: 'projectName', title: t('guarantees.field.project') },
    { key: 'beneficiary', dataIndex: 'beneficiary', title: t('guarantees.field.beneficiary') },
    {
      key: 'kind',
      title: t('guarantees.field.kind'),
      render: (_, o) => <DictTag options={kinds.dict} value={o.kind} />,
    },
    { key: 'amount', title: t('guarantees.field.amount'), align: 'right', render: (_, o) => formatYuan(o.amountFen) },
    { key: 'validity', title: t('guarantees.field.validity'), render: (_, o) => validity(t, o) },
    { key: 'status', title: t('guarantees.field.status'), render: (_, o) => statusCell(statuses.dict, o) },
    { key: 'issuedAt', title: t('guarantees.field.issuedAt'), render: (_, o) => formatTime(o.issuedAt) },
  ];
}

const validity = (t: TFunction, o: OrderRow) =>
  o.validFrom && o.validTo ? t('guarantees.field.validityValue', { from: o.validFrom, to: o.validTo }) : '';

/** The links every order row has: view, and the letter once there is one. */
export function OrderLinks({ order, onView }: { order: OrderRow; onView?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {onView ? (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={onView}>
          {t('guarantees.action.view')}
        </Button>
      ) : null}
      {order.letterNo ? (
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadLetter(order)}>
          {t('guarantees.action.letter')}
        </Button>
      ) : null}
    </>
  );
}

/** Timeline actions shown red (a refusal or a loss) and green (money in, a letter out); the rest blue. */
const RED_ACTIONS = ['reject', 'return_payment', 'claim_paid'];
const GREEN_ACTIONS = ['issue', 'auto_issue', 'confirm_payment'];
/** Every action an order's timeline may hold (`guarantee_order.<action>`), each with its label. */
export const TIMELINE_ACTIONS = [
  'create',
  'submit',
  'give_voucher',
  'confirm_payment',
  'return_payment',
  'auto_issue',
  'start_underwriting',
  'issue',
  'letter',
  'reject',
  'cancel',
  'release',
  'expire',
  'surrender',
  'claim',
  'claim_paid',
] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What an entry of the timeline says beyond its action: the reason, the letter's number and digest, the claim. */
function TimelineEntryText({ entry }: { entry: OrderDetail['timeline'][number] }) {
  const { t } = useTranslation();
  const action = entry.action.replace(/^guarantee_order\./, '');
  const known = (TIMELINE_ACTIONS as readonly string[]).includes(action);
  const reason = text(entry.data.reason);
  const letterNo = text(entry.data.letterNo);
  const sha256 = text(entry.data.sha256);
  const claimNo = text(entry.data.claimNo);
  return (
    <div>
      <strong>{known ? t(`guarantees.timeline.actions.${action}`) : entry.action}</strong>
      {entry.actorName ? <Typography.Text type="secondary"> · {entry.actorName}</Typography.Text> : null}
      {reason && action === 'give_voucher' ? (
        // The voucher step's "reason" is the stored name of the voucher given then.
        <div>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void downloadStoredFile(reason)}>
            {t('guarantees.action.voucherDownload')}
          </Button>
        </div>
      ) : reason ? (
        <div>{t('guarantees.timeline.reason', { reason })}</div>
      ) : null}
      {letterNo ? <div>{t('guarantees.timeline.letterNo', { no: letterNo })}</div> : null}
      {sha256 ? (
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {t('guarantees.timeline.sha256', { sha256 })}
        </Typography.Text>
      ) : null}
      {claimNo ? <div>{t('guarantees.timeline.claimNo', { no: claimNo })}</div> : null}
    </div>
  );
}

/** An order's steps, oldest first, coloured by what they did. */
export function OrderTimeline({ timeline }: { timeline: OrderDetail['timeline'] }) {
  if (timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={timeline.map((entry) => {
        const action = entry.action.replace(/^guarantee_order\./, '');
        return {
          key: entry.id,
          color: RED_ACTIONS.includes(action) ? 'red' : GREEN_ACTIONS.includes(action) ? 'green' : 'blue',
          title: formatTime(entry.createdAt),
          content: <TimelineEntryText entry={entry} />,
        };
      })}
    />
  );
}

/** The detail call of the signed-in account: the supplier's own orders, or every order for staff. */
function useDefaultDetailUrl(): string {
  const session = useSession();
  return session.user?.types === AccountType.supplier ? MY_ORDERS_URL : ORDERS_URL;
}

/** An answer that is an order's detail (an older server, or a stub, may answer something else). */
const isDetail = (value: unknown): value is OrderDetail =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as OrderDetail).timeline) &&
  Array.isArray((value as OrderDetail).claims);

/**
 * An order's facts in a drawer, with the buttons its viewer may use, its timeline and the claims on
 * its letter (both loaded from the detail call: `detailUrl`, by default the one of the signed-in
 * account: `MY_ORDERS_URL` for a supplier, `ORDERS_URL` for staff).
 */
export function OrderDrawer({
  order,
  onClose,
  actions,
  detailUrl,
}: {
  order: OrderRow | null;
  onClose: () => void;
  actions?: (order: OrderRow) => ReactNode;
  /** The list call whose `/:id` answers the order's detail. */
  detailUrl?: string;
}) {
  const { t } = useTranslation();
  const { statuses, kinds } = useOrderDicts();
  const defaultUrl = useDefaultDetailUrl();
  const detail = useQuery({ ...orderDetailQuery(detailUrl ?? defaultUrl, order?.id ?? 0), enabled: !!order });
  const o = order;
  const d = isDetail(detail.data) ? detail.data : null;
  return (
    <DetailDrawer open={!!o} title={t('guarantees.detail', { no: o?.orderNo ?? '' })} onClose={onClose}>
      {o ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="order-detail">
          <Facts
            items={[
              { key: 'no', label: t('guarantees.field.orderNo'), children: o.orderNo },
              { key: 'status', label: t('guarantees.field.status'), children: statusCell(statuses.dict, o) },
              { key: 'company', label: t('guarantees.field.company'), children: o.companyName },
              {
                key: 'project',
                label: t('guarantees.field.project'),
                children: `${o.projectName} (${o.projectCode})`,
              },
              { key: 'beneficiary', label: t('guarantees.field.beneficiary'), children: o.beneficiary },
              { key: 'product', label: t('guarantees.field.product'), children: o.productName },
              {
                key: 'kind',
                label: t('guarantees.field.kind'),
                children: <DictTag options={kinds.dict} value={o.kind} />,
              },
              { key: 'amount', label: t('guarantees.field.amount'), children: formatYuan(o.amountFen) },
              { key: 'premium', label: t('guarantees.field.premium'), children: formatYuan(o.premiumFen) },
              {
                key: 'voucher',
                label: t('guarantees.field.voucher'),
                children: o.voucher ? (
                  <Button type="link" size="small" onClick={() => void downloadStoredFile(o.voucher!)}>
                    {t('guarantees.action.voucherDownload')}
                  </Button>
                ) : (
                  t('guarantees.none')
                ),
              },
              ...(o.refundFen !== null
                ? [{ key: 'refund', label: t('guarantees.field.refund'), children: formatYuan(o.refundFen) }]
                : []),
              { key: 'letterNo', label: t('guarantees.field.letterNo'), children: o.letterNo ?? t('guarantees.none') },
              { key: 'validity', label: t('guarantees.field.validity'), children: validity(t, o) },
              { key: 'issuedAt', label: t('guarantees.field.issuedAt'), children: formatTime(o.issuedAt) },
              { key: 'createdAt', label: t('guarantees.field.createdAt'), children: formatTime(o.createdAt) },
            ]}
          />
          <Space wrap>
            <OrderLinks order={o} />
            {actions?.(o)}
          </Space>
          {detail.isError ? (
            <Alert
              type="warning"
              showIcon
              title={t('guarantees.timeline.failed')}
              description={detail.error.message}
              data-testid="order-detail-error"
            />
          ) : (
            <>
              <Card size="small" title={t('guarantees.timeline.title')} data-testid="order-timeline">
                {detail.isPending ? <Skeleton active /> : <OrderTimeline timeline={d?.timeline ?? []} />}
              </Card>
              <Card size="small" title={t('guarantees.claim.title')} data-testid="order-claims">
                {detail.isPending ? <Skeleton active /> : <ClaimList claims={d?.claims ?? []} />}
              </Card>
            </>
          )}
        </Space>
      ) : null}
    </DetailDrawer>
  );
}

/**
 * Sends one step of an order under its own Idempotency-Key (kept until answered, so a retry after a
 * lost answer acts once), then toasts and refetches every order list.
 */
export function useOrderStep() {
  const idempotency = useIdempotencyKey();
  const invalidate = useInvalidate();
  return async (order: OrderRow, step: string, done: string, data?: unknown) => {
    await orderStep(order.id, step, idempotency.keyFor({ order: order.id, step, data }), data);
    idempotency.answered();
    feedback().message.success(done);
    await invalidate(ORDERS_URL, LETTERS_URL, MY_ORDERS_URL, MY_LETTERS_URL);
  };
}
