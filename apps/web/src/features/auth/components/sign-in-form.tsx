import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePendingSubmit } from '@/shared/components/auth-forms/use-pending-submit';
import { LightTabs } from '@/shared/components/light-tabs';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { paths } from '@/shared/config/paths';
import { feedback } from '@/shared/lib/notify';
import { startSession } from '@/shared/lib/session';
import { safeRedirect } from '@/shared/lib/validation';
import { AuthFrame } from './auth-frame';
import { phoneRules, smsCodeRules, validatedPhone } from './phone-rules';

interface SignInFormProps<V> {
  name: string;
  employee: boolean;
  /** Makes the sign-in call with the form's values; it resolves to the session token. */
  signIn: (values: V) => Promise<string>;
  /** After a refused sign-in (the request wrapper has shown why). */
  onRefused?: (form: FormInstance<V>) => void;
  children: ReactNode;
}

/**
 * One sign-in tab: its fields and the sign-in button. A signed-in visitor's token is stored and
 * the visitor continues to where they were going (or the admin home).
 */
export function SignInForm<V>({ name, employee, signIn, onRefused, children }: SignInFormProps<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<V>();
  const { pending, submit } = usePendingSubmit();
  const finish = (values: V) =>
    void submit(
      async () => {
        startSession(await signIn(values), { employee });
        feedback().message.success(t('auth.signedIn'));
        void navigate(safeRedirect(search.get('redirect'), paths.adminIndex), { replace: true });
      },
      () => onRefused?.(form),
    );
  return (
    <Form name={name} form={form} layout="vertical" size="large" requiredMark={false} onFinish={finish}>
      {children}
      <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="login-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}

interface PhoneSignInFormProps {
  name: string;
  employee: boolean;
  /** The names of the phone and code fields: each side's call has its own. */
  fields: { phone: string; code: string };
  signIn: (phone: string, code: string, uuid: string) => Promise<string>;
}

/** The phone tab: phone and SMS code, sent with the uuid of the code that was sent. */
export function PhoneSignInForm({ name, employee, fields, signIn }: PhoneSignInFormProps) {
  const [uuid, setUuid] = useState('');
  return (
    <SignInForm<Record<string, string>>
      name={name}
      employee={employee}
      signIn={(v) => signIn(v[fields.phone]!.trim(), v[fields.code]!.trim(), uuid)}
    >
      <PhoneField name={fields.phone} />
      <SignInCodeField name={fields.code} phoneField={fields.phone} onSent={setUuid} />
    </SignInForm>
  );
}

export function PhoneField({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('auth.phone')} rules={phoneRules(t)}>
      <Input
        prefix={<MobileOutlined className="field-icon" />}
        placeholder={t('auth.phonePlaceholder')}
        maxLength={11}
        inputMode="tel"
        autoComplete="tel"
      />
    </Form.Item>
  );
}

export function PasswordField({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
      <Input.Password
        prefix={<LockOutlined className="field-icon" />}
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete="current-password"
      />
    </Form.Item>
  );
}

interface SignInCodeFieldProps {
  name: string;
  /** The field of the same form whose phone the code is sent to. */
  phoneField: string;
  onSent?: (uuid: string) => void;
}

/** The SMS code of a sign-in, sent to the phone of the same form. */
export function SignInCodeField({ name, phoneField, onSent = () => undefined }: SignInCodeFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item name={name} label={t('auth.smsCode')} rules={smsCodeRules(t)}>
      <SmsCodeField purpose="login" size="large" getPhone={() => validatedPhone(form, phoneField)} onSent={onSent} />
    </Form.Item>
  );
}

interface SignInPageProps {
  title: string;
  subtitle: string;
  /** The registration page for someone of this side without an account. */
  registerTo: string;
  /** The other side's sign-in page and the link's text. */
  otherSignIn: { to: string; label: string };
  passwordTab: ReactNode;
  phoneTab: ReactNode;
}

/** A sign-in page: a password tab and a phone tab, links to registration and to the other side. */
export function SignInPage({ title, subtitle, registerTo, otherSignIn, passwordTab, phoneTab }: SignInPageProps) {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={title}
      subtitle={subtitle}
      footer={
        <>
          <span>
            {t('auth.noAccount')} <Link to={registerTo}>{t('auth.registerNow')}</Link>
          </span>
          <Link to={otherSignIn.to}>{otherSignIn.label}</Link>
        </>
      }
    >
      <LightTabs
        className="auth-tabs"
        items={[
          { key: 'password', label: t('auth.passwordTab'), children: passwordTab },
          { key: 'sms', label: t('auth.smsTab'), children: phoneTab },
        ]}
      />
      <p className="auth-card__note">{t('auth.secureNote')}</p>
    </AuthFrame>
  );
}
