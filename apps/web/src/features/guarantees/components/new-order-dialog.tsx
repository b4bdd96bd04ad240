import { formatYuan, MAX_FEN, parseYuanToFen } from '@lvb/contracts/money';
import type { OrderBody } from '@lvb/contracts/guarantees';
import { Alert, Form, Select, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { NumberInput } from '@/shared/components/number-input';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { fenToYuanText, fenValue, moneyRule } from '@/shared/lib/strict-number';
import { percentText } from './rate-tiers-field';
import { createOrder, useMyApplications, useQuote, useShelf, type GuaranteeApplication } from '../api/orders';

interface OrderForm {
  applicationId: number;
  kind: string;
  productId: number;
  /** The guaranteed amount as typed, in yuan. */
  amount: string;
}

/**
 * The supplier's new order: one of its applications, the kind and a product on the shelf, and the
 * guaranteed amount (the project's suggestion first), with the premium the server quotes for it
 * shown as the amount is typed. Saved as a draft; submitting it fixes the premium. `applicationId`
 * chooses that application once the list has it (the link of an application's letter choice).
 */
export function NewOrderDialog({
  open,
  applicationId: presetId,
  onClose,
  onCreated,
}: {
  open: boolean;
  applicationId?: number;
  onClose: () => void;
  onCreated: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<OrderForm>();
  const kinds = useDictOptions('guarantee_kind');
  const applications = useMyApplications(open);
  const applicationId = Form.useWatch('applicationId', form);
  const kind = Form.useWatch('kind', form);
  const productId = Form.useWatch('productId', form);
  const amountText = Form.useWatch('amount', form);
  const shelf = useShelf(kind);
  const application = applications.data?.find((a) => a.applicationId === applicationId);
  const amountFen = typeof amountText === 'string' ? (parseYuanToFen(amountText) ?? undefined) : undefined;
  const quote = useQuote(productId, amountFen);
  const idempotency = useIdempotencyKey();
  const zh = i18n.language === 'zh-CN';

  /** The fields an application fills in: its first kind, its suggested amount, no product yet. */
  const chooseApplication = (chosen: GuaranteeApplication | undefined) =>
    form.setFieldsValue({
      kind: chosen?.kinds[0],
      productId: undefined,
      amount: chosen?.suggestedAmountFen ? fenToYuanText(chosen.suggestedAmountFen) : '',
    });

  // The preset application is chosen once per opening, after the form's reset on mount.
  const preset = useRef(false);
  useEffect(() => {
    if (!open) {
      preset.current = false;
      return;
    }
    if (preset.current || presetId === undefined || !applications.data) return;
    const chosen = applications.data.find((a) => a.applicationId === presetId);
    preset.current = true;
    if (!chosen) return;
    form.setFieldValue('applicationId', chosen.applicationId);
    chooseApplication(chosen);
  });

  return (
    <FormDialog<OrderForm>
      open={open}
      title={t('guarantees.order.newTitle')}
      form={form}
      name="order"
      okText={t('guarantees.order.create')}
      fieldNames={{ amountFen: 'amount' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const body: OrderBody = {
          applicationId: values.applicationId,
          productId: values.productId,
          amountFen: fenValue(values.amount)!,
        };
        await createOrder(body, idempotency.keyFor(body));
        idempotency.answered();
        feedback().message.success(t('guarantees.order.created'));
        await onCreated();
      }}
    >
      <Form.Item
        name="applicationId"
        label={t('guarantees.order.application')}
        rules={[{ required: true, message: t('guarantees.order.applicationRequired') }]}
      >
        <Select
          loading={applications.isLoading}
          notFoundContent={t('guarantees.order.noApplications')}
          options={(applications.data ?? []).map((a) => ({
            value: a.applicationId,
            label: `${a.projectName} (${a.projectCode})`,
          }))}
          onChange={(id: number) => chooseApplication(applications.data?.find((a) => a.applicationId === id))}
        />
      </Form.Item>
      {application ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={t('guarantees.order.applicationFacts', {
            beneficiary: application.beneficiary,
            deadline: formatTime(application.bidDeadline) || t('guarantees.none'),
          })}
        />
      ) : null}
      <Form.Item
        name="kind"
        label={t('guarantees.field.kind')}
        rules={[{ required: true, message: t('guarantees.product.kindRequired') }]}
      >
        <Select
          options={kinds.options.filter((o) => !application || application.kinds.includes(o.value))}
          onChange={() => form.setFieldValue('productId', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="productId"
        label={t('guarantees.field.product')}
        rules={[{ required: true, message: t('guarantees.order.productRequired') }]}
      >
        <Select
          loading={shelf.isLoading}
          notFoundContent={t('guarantees.order.noProducts')}
          options={(shelf.data ?? []).map((p) => ({ value: p.id, label: zh ? p.nameZh : p.name }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('guarantees.field.amount')}
        extra={
          application?.suggestedAmountFen
            ? t('guarantees.order.suggested', { amount: formatYuan(application.suggestedAmountFen) })
            : null
        }
        rules={[
          moneyRule({
            required: true,
            message: t('guarantees.order.amountInvalid'),
            check: (fen) => (fen > MAX_FEN ? t('guarantees.order.amountInvalid') : null),
          }),
        ]}
      >
        <NumberInput prefix="¥" placeholder="100000" />
      </Form.Item>
      <div data-testid="quoted-premium" aria-live="polite">
        {productId && amountFen ? (
          quote.data ? (
            <Facts
              items={[
                ...amountInWordsItems(
                  quote.data.premiumFen,
                  { figures: t('guarantees.order.premiumFigures'), words: t('guarantees.words') },
                  'quote',
                ),
                {
                  key: 'rate',
                  label: t('guarantees.order.rate'),
                  children: `${percentText(quote.data.rate)}%`,
                },
              ]}
            />
          ) : (
            <Spin size="small" />
          )
        ) : (
          t('guarantees.order.quoteHint')
        )}
      </div>
    </FormDialog>
  );
}
