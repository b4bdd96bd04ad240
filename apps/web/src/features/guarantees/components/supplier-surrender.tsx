import { StopOutlined } from '@ant-design/icons';
import { guaranteeOrderWorkflow } from '@lvb/contracts/guarantee-order-workflow';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { Alert, Button, Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { formatTime } from '@/shared/lib/format';
import { useInvalidate } from '@/shared/lib/list';
import { parseInstant } from '@/shared/lib/instant';
import { useSession } from '@/shared/lib/session';
import type { OrderRow } from '../api/orders';
import { useOrderStep } from './order-parts';

/**
 * Whether the letter of an order may be surrendered now: an issued bid letter before its project's
 * bid deadline (the server judges it again by the database clock).
 */
export function surrenderable(order: Pick<OrderRow, 'status' | 'kind' | 'bidDeadline'>, now = Date.now()): boolean {
  if (order.status !== 'issued' || order.kind !== 'bid' || !order.bidDeadline) return false;
  const deadline = parseInstant(order.bidDeadline).getTime();
  return !Number.isNaN(deadline) && now < deadline;
}

/**
 * The supplier's surrender of an issued bid letter (`POST …/orders/:id/surrender`): the button, for
 * holders of the permission the workflow names, on letters that may be surrendered now; and the
 * dialog that states the consequence and requires the reason before anything is sent.
 * `onDone` runs after the toast and the lists' refetch (e.g. to close a drawer).
 */
export function useSurrender(onDone?: () => void) {
  const { t } = useTranslation();
  const session = useSession();
  const [order, setOrder] = useState<OrderRow | null>(null);

  const button = (o: OrderRow, size?: 'small'): ReactNode =>
    surrenderable(o) && eventsAllowed(guaranteeOrderWorkflow, o.status, session).includes('surrender') ? (
      <Button
        key="surrender"
        type={size ? 'link' : 'default'}
        size={size}
        danger
        icon={<StopOutlined />}
        onClick={() => setOrder(o)}
      >
        {t('guaranteeSupplier.surrender.action')}
      </Button>
    ) : null;

  const dialog = <SurrenderDialog order={order} onClose={() => setOrder(null)} onDone={onDone} />;
  return { button, dialog };
}

function SurrenderDialog({
  order,
  onClose,
  onDone,
}: {
  order: OrderRow | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const step = useOrderStep();
  const invalidate = useInvalidate();
  return (
    <FormDialog<{ reason: string }>
      open={!!order}
      title={t('guaranteeSupplier.surrender.title', { no: order?.letterNo ?? '' })}
      form={form}
      name="surrender"
      width={560}
      okText={t('guaranteeSupplier.surrender.ok')}
      refusalTestId="surrender-refusal"
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        await step(order!, 'surrender', t('guaranteeSupplier.surrender.done'), { reason: reason.trim() });
        // The applications that held the letter show it surrendered.
        void invalidate('/api/supplier/applications');
        onDone?.();
      }}
    >
      {order ? (
        <div data-testid="surrender-confirm">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('guaranteeSupplier.surrender.warning', { project: order.projectName })}
          />
          <div style={{ marginBottom: 16 }}>
            <Facts
              items={[
                { key: 'letter', label: t('guaranteeSupplier.surrender.letter'), children: order.letterNo },
                {
                  key: 'project',
                  label: t('guarantees.field.project'),
                  children: `${order.projectName} (${order.projectCode})`,
                },
                ...amountInWordsItems(
                  order.amountFen,
                  { figures: t('guarantees.field.amount'), words: t('guarantees.words') },
                  'surrender-amount',
                ),
                {
                  key: 'deadline',
                  label: t('guaranteeSupplier.surrender.deadline'),
                  children: formatTime(order.bidDeadline),
                },
              ]}
            />
          </div>
        </div>
      ) : null}
      <Form.Item
        name="reason"
        label={t('guaranteeSupplier.surrender.reason')}
        rules={[
          { required: true, whitespace: true, min: 2, message: t('guaranteeSupplier.surrender.reasonRequired') },
          { max: 1000 },
        ]}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </FormDialog>
  );
}
