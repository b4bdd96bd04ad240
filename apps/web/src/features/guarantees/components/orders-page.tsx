import { CheckOutlined, CloseOutlined, RollbackOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { OrderEvent } from '@lvb/contracts/guarantee-order-workflow';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFrame, ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { confirmOnce } from '@/shared/lib/confirm';
import { ORDERS_URL, type OrderRow } from '../api/orders';
import {
  OrderDrawer,
  OrderFilters,
  orderColumns,
  OrderLinks,
  useOrderDicts,
  useEventButtons,
  useOrderStep,
} from './order-parts';
import { RejectDialog } from './reject-dialog';

/**
 * What guarantee staff and finance decide on an order, by the workflow table: finance confirms the
 * payment (after a confirmation naming company and premium) or returns it with a reason; staff
 * issue the letter (after a confirmation) or reject the order with a reason and the refund.
 */
function useStaffDecisions(onDone: () => void) {
  const { t } = useTranslation();
  const step = useOrderStep();
  const [returning, setReturning] = useState<OrderRow | null>(null);
  const [rejecting, setRejecting] = useState<OrderRow | null>(null);

  const ask = (o: OrderRow, event: OrderEvent, path: string) => {
    const texts = { amount: formatYuan(o.amountFen), premium: formatYuan(o.premiumFen), company: o.companyName };
    confirmOnce(`order:${event}:${o.id}`, {
      title: t(`guarantees.event.${event}`),
      content: t(`guarantees.confirm.${event}`, { ...texts, no: o.orderNo, project: o.projectName }),
      okText: t(`guarantees.event.${event}`),
      cancelText: t('common.cancel'),
      run: async () => {
        await step(o, path, t(`guarantees.done.${event}`));
        onDone();
      },
    });
  };

  const buttons = useEventButtons([
    {
      event: 'confirm_payment',
      icon: <CheckOutlined />,
      primary: true,
      run: (o) => ask(o, 'confirm_payment', 'confirm-payment'),
    },
    { event: 'return_payment', icon: <RollbackOutlined />, danger: true, run: setReturning },
    { event: 'issue', icon: <SafetyCertificateOutlined />, primary: true, run: (o) => ask(o, 'issue', 'issue') },
    { event: 'reject', icon: <CloseOutlined />, danger: true, run: setRejecting },
  ]);

  const dialogs = (
    <>
      <ReasonDialog
        open={!!returning}
        title={t('guarantees.returnTitle', { company: returning?.companyName ?? '' })}
        onCancel={() => setReturning(null)}
        onSubmit={async (reason) => {
          await step(returning!, 'return-payment', t('guarantees.done.return_payment'), { reason });
          setReturning(null);
          onDone();
        }}
      />
      <RejectDialog
        order={rejecting}
        onClose={() => setRejecting(null)}
        onSubmit={async (o, body) => {
          await step(o, 'reject', t('guarantees.done.reject'), body);
          onDone();
        }}
      />
    </>
  );
  return { buttons, dialogs };
}

/**
 * `order/index` (also the static `/order`): every guarantee order for guarantee staff and finance,
 * filtered by keyword, status and kind, exported, opened in a drawer with the decisions the
 * viewer may take on it.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const dicts = useOrderDicts();
  const records = useRecordList<OrderRow>(ORDERS_URL);
  const [viewing, setViewing] = useState<OrderRow | null>(null);
  const decisions = useStaffDecisions(() => setViewing(null));

  return (
    <ListFrame testId="guarantee-orders-page">
      <RecordList<OrderRow>
        records={records}
        search={<OrderFilters dicts={dicts} keyword={t('guarantees.filter.keyword')} status />}
        exportAs={{ permissions: [Perm.guarantee.order.export], fileName: 'guarantee-orders.xlsx' }}
        columns={orderColumns(t, dicts, true)}
        fixedActions
        rowActions={(o) => (
          <>
            <OrderLinks order={o} onView={() => setViewing(o)} />
            {decisions.buttons(o, 'small')}
          </>
        )}
      />
      <OrderDrawer order={viewing} onClose={() => setViewing(null)} actions={(o) => decisions.buttons(o)} />
      {decisions.dialogs}
    </ListFrame>
  );
}
