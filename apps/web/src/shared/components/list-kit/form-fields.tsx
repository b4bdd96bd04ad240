import { Col, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '@/shared/components/number-input';
import { statusOptions } from '@/shared/lib/list';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import { isPhone, isStrongPassword } from '@/shared/lib/validation';

/** The range of a sort order. */
export const ORDER_RANGE = { min: 0, max: 9999 } as const;

/** A sort order field's value as the server takes it: the typed whole number, 0 when left empty. */
export const orderValue = (value: unknown): number => numberValue(value) ?? 0;

/** The sort order of a record (0 to 9999), a half-width column of a dialog's grid. */
export function OrderField({ name = 'orderNum', required }: { name?: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={t('admin.orderNum')} rules={[numberRule(t, { ...ORDER_RANGE, required })]}>
        <NumberInput />
      </Form.Item>
    </Col>
  );
}

/** Enabled or disabled (`0` / `1`), a half-width column of a dialog's grid. */
export function StatusField() {
  const { t } = useTranslation();
  return (
    <Col xs={24} sm={12}>
      <Form.Item name="status" label={t('admin.status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
    </Col>
  );
}

/** A text field; with `required` (its message) it must hold more than spaces. */
export function TextField({
  name,
  label,
  required,
  max,
}: {
  name: string;
  label: string;
  required?: string;
  max: number;
}) {
  const rules = required ? [{ required: true, whitespace: true, message: required }, { max }] : [{ max }];
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Input maxLength={max} />
    </Form.Item>
  );
}

/** A mobile number (11 digits from 1); empty unless `required`. */
export function PhoneField({ name = 'tel', required }: { name?: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('users.tel')}
      required={required}
      rules={[
        {
          validator: (_, v: string | undefined) =>
            (!v && !required) || (v && isPhone(v.trim()))
              ? Promise.resolve()
              : Promise.reject(new Error(t('users.telRule'))),
        },
      ]}
    >
      <Input maxLength={11} />
    </Form.Item>
  );
}

/** A new password as the server requires it: 8 to 64 characters with a letter and a digit. */
export function PasswordField({ name = 'password', label, extra }: { name?: string; label: string; extra?: string }) {
  const { t } = useTranslation();
  const message = t('users.passwordRule');
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[
        { required: true, message },
        {
          validator: (_, v: string | undefined) =>
            !v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(message)),
        },
      ]}
    >
      <Input.Password autoComplete="new-password" maxLength={64} />
    </Form.Item>
  );
}
