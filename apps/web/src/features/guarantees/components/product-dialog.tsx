import { GUARANTEE_KINDS, type ProductBody } from '@lvb/contracts/guarantees';
import { MAX_FEN } from '@lvb/contracts/money';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { NumberInput } from '@/shared/components/number-input';
import { useDictOptions } from '@/shared/lib/dict-options';
import type { FieldNames } from '@/shared/lib/form-submit';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { fenToYuanText, numberRule, numberValue } from '@/shared/lib/strict-number';
import { PRODUCTS_URL, saveGuaranteeRecord, useTemplateChoices, type ProductRow } from '../api/products';
import { RateTiersField, tierFieldOf, tiersOf, tierTexts, type TierText } from './rate-tiers-field';

interface ProductForm {
  name: string;
  nameZh: string;
  kind: ProductBody['kind'];
  tiers: TierText[];
  /** Yuan as typed; 0 allowed. */
  minPremium: string;
  validityDays: string;
  autoApproveLimit: string;
  templateId: number;
  onShelf: boolean;
  description: string;
}

const YUAN = { decimals: 2 } as const;
/** A validated amount in yuan (0 allowed) as fen: at most two decimals, so the product is exact. */
const fenOf = (text: string) => Math.round(numberValue(text, YUAN)! * 100);

const FIELD_NAMES: FieldNames = (field) => {
  const names: Record<string, string> = {
    minPremiumFen: 'minPremium',
    autoApproveLimitFen: 'autoApproveLimit',
  };
  return tierFieldOf(field) ?? [names[field] ?? field];
};

function formOf(row: ProductRow | undefined): Partial<ProductForm> {
  if (!row) return { tiers: [{ upTo: '', rate: '' }], onShelf: false, minPremium: '0', autoApproveLimit: '0' };
  return {
    name: row.name,
    nameZh: row.nameZh,
    kind: row.kind,
    tiers: tierTexts(row.rateTiers),
    minPremium: fenToYuanText(row.minPremiumFen),
    validityDays: String(row.validityDays),
    autoApproveLimit: fenToYuanText(row.autoApproveLimitFen),
    templateId: row.templateId,
    onShelf: row.onShelf,
    description: row.description,
  };
}

/**
 * Adds or edits a guarantee product: names in both languages, kind, rate tiers, minimum premium,
 * validity, the auto-approve limit, its letter template, shelf and description. Every amount and
 * rate is checked as typed; the server's refusal of a field stands under it.
 */
export function ProductDialog({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: ProductRow | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ProductForm>();
  const kinds = useDictOptions('guarantee_kind');
  const templates = useTemplateChoices();
  const idempotency = useIdempotencyKey();
  const yuanRule = (message: string) => numberRule(t, { min: 0, max: MAX_FEN / 100, ...YUAN, required: true, message });
  const kindOptions = kinds.options.length ? kinds.options : GUARANTEE_KINDS.map((k) => ({ value: k, label: k }));

  return (
    <FormDialog<ProductForm>
      open={open}
      title={t(row ? 'guarantees.product.editTitle' : 'guarantees.product.addTitle')}
      form={form}
      name="product"
      width={720}
      initialValues={formOf(row)}
      fieldNames={FIELD_NAMES}
      onClose={onClose}
      onSubmit={async (values) => {
        const body: ProductBody = {
          name: values.name.trim(),
          nameZh: values.nameZh.trim(),
          kind: values.kind,
          rateTiers: tiersOf(values.tiers),
          minPremiumFen: fenOf(values.minPremium),
          validityDays: numberValue(values.validityDays)!,
          autoApproveLimitFen: fenOf(values.autoApproveLimit),
          templateId: values.templateId,
          onShelf: values.onShelf,
          description: (values.description ?? '').trim(),
        };
        await saveGuaranteeRecord(PRODUCTS_URL, row?.id, body, idempotency.keyFor(body));
        idempotency.answered();
        feedback().message.success(t('guarantees.saved'));
        await onSaved();
      }}
    >
      <Form.Item
        name="name"
        label={t('guarantees.product.name')}
        rules={[{ required: true, whitespace: true, min: 2, message: t('guarantees.product.nameRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="nameZh"
        label={t('guarantees.product.nameZh')}
        rules={[{ required: true, whitespace: true, min: 2, message: t('guarantees.product.nameRequired') }]}
      >
        <Input maxLength={100} lang="zh-CN" />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('guarantees.field.kind')}
        rules={[{ required: true, message: t('guarantees.product.kindRequired') }]}
      >
        <Select options={kindOptions} />
      </Form.Item>
      <Form.Item label={t('guarantees.product.tiers')} extra={t('guarantees.product.tiersHint')} required>
        <RateTiersField />
      </Form.Item>
      <Form.Item
        name="minPremium"
        label={t('guarantees.product.minPremium')}
        rules={[yuanRule(t('guarantees.product.yuanInvalid'))]}
      >
        <NumberInput prefix="¥" />
      </Form.Item>
      <Form.Item
        name="validityDays"
        label={t('guarantees.product.validityDays')}
        rules={[numberRule(t, { min: 1, max: 1095, required: true, message: t('guarantees.product.validityInvalid') })]}
      >
        <NumberInput inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="autoApproveLimit"
        label={t('guarantees.product.autoApproveLimit')}
        extra={t('guarantees.product.autoApproveHint')}
        rules={[yuanRule(t('guarantees.product.yuanInvalid'))]}
      >
        <NumberInput prefix="¥" />
      </Form.Item>
      <Form.Item
        name="templateId"
        label={t('guarantees.product.template')}
        rules={[{ required: true, message: t('guarantees.product.templateRequired') }]}
      >
        <Select
          loading={templates.isLoading}
          options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          notFoundContent={t('guarantees.template.none')}
        />
      </Form.Item>
      <Form.Item name="onShelf" label={t('guarantees.product.onShelf')} valuePropName="checked">
        <Switch
          checkedChildren={t('guarantees.product.shelfOn')}
          unCheckedChildren={t('guarantees.product.shelfOff')}
        />
      </Form.Item>
      <Form.Item name="description" label={t('guarantees.product.description')}>
        <Input.TextArea rows={3} maxLength={2000} showCount lang={i18n.language} />
      </Form.Item>
    </FormDialog>
  );
}
