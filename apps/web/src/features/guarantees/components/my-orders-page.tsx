import { CloseOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { confirmOnce } from '@/shared/lib/confirm';
import { usePermission } from '@/shared/lib/permission';
import { MY_ORDERS_URL, type OrderRow } from '../api/orders';
import { NewOrderDialog } from './new-order-dialog';
import {
  OrderDrawer,
  OrderFilters,
  orderColumns,
  OrderLinks,
  useOrderDicts,
  useEventButtons,
  useOrderStep,
} from './order-parts';
import { useSurrender } from './supplier-surrender';

/** The bank-transfer voucher of a submitted order: one file, then POST …/voucher. */
function VoucherDialog({
  order,
  onClose,
  onSubmit,
}: {
  order: OrderRow | null;
  onClose: () => void;
  onSubmit: (order: OrderRow, voucher: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ voucher: UploadedFile[] }>();
  return (
    <FormDialog<{ voucher: UploadedFile[] }>
      open={!!order}
      title={t('guarantees.voucher.title', { no: order?.orderNo ?? '' })}
      form={form}
      name="voucher"
      width={520}
      okText={t('guarantees.voucher.ok')}
      initialValues={{ voucher: [] }}
      onClose={onClose}
      onSubmit={(values) => onSubmit(order!, values.voucher[0]!.url)}
    >
      <Form.Item
        name="voucher"
        label={t('guarantees.field.voucher')}
        extra={t('guarantees.voucher.hint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('guarantees.voucher.required') }]}
      >
        <FileUpload limit={1} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * `web/order`: the supplier's guarantee orders. A new order is saved as a draft; submitting it asks
 * first, stating amount and premium in figures and in capital numerals; the bank-transfer voucher
 * is uploaded next; an order not yet paid may be cancelled; the letter downloads once issued; an
 * issued bid letter may be surrendered before the bid deadline. `?applicationId=` (the link of an
 * application's letter choice) opens the new order for that application.
 */
export default function MyOrdersPage() {
  const { t } = useTranslation();
  const dicts = useOrderDicts();
  const records = useRecordList<OrderRow>(MY_ORDERS_URL);
  const step = useOrderStep();
  const [viewing, setViewing] = useState<OrderRow | null>(null);
  const [paying, setPaying] = useState<OrderRow | null>(null);
  const surrender = useSurrender(() => setViewing(null));
  const { hasPermission } = usePermission();
  const [params, setParams] = useSearchParams();
  const [presetApplication, setPresetApplication] = useState(() => Number(params.get('applicationId')) || undefined);
  const closeNew = () => {
    records.close();
    if (presetApplication === undefined) return;
    setPresetApplication(undefined);
    setParams(
      (p) => {
        p.delete('applicationId');
        return p;
      },
      { replace: true },
    );
  };

  const submit = (o: OrderRow) =>
    confirmOnce(`order:submit:${o.id}`, {
      title: t('guarantees.event.submit'),
      width: 560,
      content: (
        <div data-testid="submit-confirm">
          <p>{t('guarantees.confirm.submit', { project: o.projectName, product: o.productName })}</p>
          <Facts
            items={[
              ...amountInWordsItems(
                o.amountFen,
                { figures: t('guarantees.field.amount'), words: t('guarantees.words') },
                'submit-amount',
              ),
              ...amountInWordsItems(
                o.premiumFen,
                { figures: t('guarantees.field.premium'), words: t('guarantees.words') },
                'submit-premium',
              ).map((item) => ({ ...item, key: `premium-${item.key}` })),
            ]}
          />
        </div>
      ),
      okText: t('guarantees.event.submit'),
      cancelText: t('common.cancel'),
      run: async () => {
        await step(o, 'submit', t('guarantees.done.submit'));
        setViewing(null);
      },
    });

  const cancel = (o: OrderRow) =>
    confirmOnce(`order:cancel:${o.id}`, {
      title: t('guarantees.event.cancel'),
      content: t('guarantees.confirm.cancel', { no: o.orderNo, project: o.projectName }),
      okText: t('guarantees.event.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('common.back'),
      run: async () => {
        await step(o, 'cancel', t('guarantees.done.cancel'));
        setViewing(null);
      },
    });

  const buttons = useEventButtons([
    { event: 'submit', icon: <SendOutlined />, primary: true, run: submit },
    { event: 'give_voucher', icon: <UploadOutlined />, run: setPaying },
    { event: 'cancel', icon: <CloseOutlined />, danger: true, run: cancel },
  ]);

  return (
    <ListFrame testId="my-guarantee-orders-page">
      <RecordList<OrderRow>
        records={records}
        search={<OrderFilters dicts={dicts} status />}
        add={[Perm.web.order.add]}
        columns={orderColumns(t, dicts, false)}
        fixedActions
        rowActions={(o) => (
          <>
            <OrderLinks order={o} onView={() => setViewing(o)} />
            {buttons(o, 'small')}
            {surrender.button(o, 'small')}
          </>
        )}
      />
      <NewOrderDialog
        open={records.editing === 'new' || (presetApplication !== undefined && hasPermission([Perm.web.order.add]))}
        applicationId={presetApplication}
        onClose={closeNew}
        onCreated={records.refresh}
      />
      <OrderDrawer
        order={viewing}
        onClose={() => setViewing(null)}
        actions={(o) => (
          <>
            {buttons(o)}
            {surrender.button(o)}
          </>
        )}
      />
      {surrender.dialog}
      <VoucherDialog
        order={paying}
        onClose={() => setPaying(null)}
        onSubmit={async (o, voucher) => {
          await step(o, 'voucher', t('guarantees.done.give_voucher'), { voucher });
          setViewing(null);
        }}
      />
    </ListFrame>
  );
}
