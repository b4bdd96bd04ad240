import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPasswordField } from '@/shared/components/auth-forms/confirm-password-field';
import { changePassword } from '@/shared/lib/change-password';
import { sendWithFieldRefusals } from '@/shared/lib/form-submit';
import { navigateTo } from '@/shared/lib/navigation';
import { feedback } from '@/shared/lib/notify';
import { clearSession, sessionStore, signInPathFor } from '@/shared/lib/session';
import { isStrongPassword } from '@/shared/lib/validation';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Change one's own password (profile and /company/editpwd). The server ends every session of the
 * user, so the form signs out locally and opens the sign-in page of the account's kind.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      // e.g. a wrong current password: under that field when the server names it.
      await sendWithFieldRefusals(form, () =>
        changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
      );
      const target = signInPathFor(sessionStore.get().user);
      clearSession();
      feedback().message.success(t('profile.passwordChanged'), 4);
      navigateTo(target, { replace: true });
    } catch {
      // Shown under its field or by the request wrapper.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="narrow-form" data-testid="change-password-form">
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.newPassword')}
        extra={t('register.passwordRule')}
        dependencies={['oldPassword']}
        rules={[
          {
            required: true,
            validator: async (_, v: string) => {
              if (!isStrongPassword(v ?? '')) throw new Error(t('register.passwordRule'));
              if (v === form.getFieldValue('oldPassword')) throw new Error(t('profile.samePassword'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <ConfirmPasswordField label={t('profile.confirmPassword')} password="newPassword" />
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
