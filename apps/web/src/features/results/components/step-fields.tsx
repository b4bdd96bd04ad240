import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** The bounds of a reason (`resultReasonBody` of the contracts). */
const REASON = { min: 2, max: 1000 } as const;

/** A reason the step records and its readers see: 2 to 1000 characters. */
export function ReasonItem({ label }: { label?: string }) {
  const { t } = useTranslation();
  const message = t('results.step.reasonRequired');
  return (
    <Form.Item
      name="reason"
      label={label ?? t('results.step.reason')}
      rules={[{ required: true, whitespace: true, message }, { min: REASON.min, message }, { max: REASON.max }]}
    >
      <Input.TextArea rows={4} maxLength={REASON.max} showCount />
    </Form.Item>
  );
}

/** Where a voided result goes: to the next valid bidder in rank, or the project fails. */
export function ChoiceItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="choice"
      label={t('results.step.choice')}
      rules={[{ required: true, message: t('results.step.choiceRequired') }]}
    >
      <Radio.Group
        options={(['next', 'fail'] as const).map((choice) => ({ value: choice, label: t(`results.step.${choice}`) }))}
      />
    </Form.Item>
  );
}
