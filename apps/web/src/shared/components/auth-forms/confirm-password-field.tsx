import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The new password typed again (field `confirm`): it must equal the one in field `password`. */
export function ConfirmPasswordField({ label, password }: { label: string; password: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="confirm"
      label={label}
      dependencies={[password]}
      rules={[
        { required: true, message: t('register.passwordMismatch') },
        ({ getFieldValue }) => ({
          validator: async (_, v: string) => {
            if (v && v !== getFieldValue(password)) throw new Error(t('register.passwordMismatch'));
          },
        }),
      ]}
    >
      <Input.Password maxLength={64} autoComplete="new-password" />
    </Form.Item>
  );
}
