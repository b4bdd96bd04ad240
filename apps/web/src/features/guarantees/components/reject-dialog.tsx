import { formatYuan } from '@lvb/contracts/money';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { NumberInput } from '@/shared/components/number-input';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import type { OrderRow } from '../api/orders';

interface RejectForm {
  reason: string;
  /** The refund as typed, in yuan: 0 up to the premium. */
  refund: string;
}

const YUAN = { decimals: 2 } as const;
const refundFenOf = (text: unknown) => {
  const yuan = numberValue(text, YUAN);
  return yuan === undefined ? undefined : Math.round(yuan * 100);
};

/**
 * Guarantee staff reject an order under underwriting: the reason the supplier reads and the refund
 * of the premium, typed in yuan and checked as typed (at most the premium paid), shown in figures
 * and in capital numerals before it is sent.
 */
export function RejectDialog({
  order,
  onClose,
  onSubmit,
}: {
  order: OrderRow | null;
  onClose: () => void;
  onSubmit: (order: OrderRow, body: { reason: string; refundFen: number }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RejectForm>();
  const refund = refundFenOf(Form.useWatch('refund', form));
  const premium = order?.premiumFen ?? 0;
  return (
    <FormDialog<RejectForm>
      open={!!order}
      title={t('guarantees.reject.title', { no: order?.orderNo ?? '', company: order?.companyName ?? '' })}
      form={form}
      name="reject"
      width={560}
      okText={t('guarantees.reject.ok')}
      initialValues={{ refund: '' }}
      fieldNames={{ refundFen: 'refund' }}
      onClose={onClose}
      onSubmit={(values) => onSubmit(order!, { reason: values.reason.trim(), refundFen: refundFenOf(values.refund)! })}
    >
      <Form.Item
        name="reason"
        label={t('guarantees.field.reason')}
        rules={[{ required: true, whitespace: true, min: 2, message: t('guarantees.reasonRequired') }, { max: 1000 }]}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item
        name="refund"
        label={t('guarantees.reject.refund')}
        extra={t('guarantees.reject.refundHint', { premium: formatYuan(premium) })}
        rules={[
          numberRule(t, {
            min: 0,
            max: premium / 100,
            ...YUAN,
            required: true,
            message: t('guarantees.reject.refundInvalid', { premium: formatYuan(premium) }),
          }),
        ]}
      >
        <NumberInput prefix="¥" placeholder="0.00" />
      </Form.Item>
      {refund !== undefined && refund <= premium ? (
        <Facts
          testId="refund-in-words"
          items={amountInWordsItems(
            refund,
            { figures: t('guarantees.figures'), words: t('guarantees.words') },
            'refund',
          )}
        />
      ) : null}
    </FormDialog>
  );
}
