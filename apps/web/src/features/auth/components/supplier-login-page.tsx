import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { paths } from '@/shared/config/paths';
import { supplierPasswordLogin, supplierPhoneLogin } from '../api/sign-in';
import { AuthFrame } from './auth-frame';
import { phoneRules, smsCodeRules, validatedPhone } from './phone-rules';
import { useCompleteSignIn } from './use-complete-sign-in';

interface PasswordValues {
  tel: string;
  pwd: string;
  msgCode: string;
}
interface PhoneValues {
  tel: string;
  msgCode: string;
}

/** `/weblogin` and `/login`: suppliers sign in with password + SMS code, or phone + SMS code. */
export function SupplierLoginPage() {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [phoneUuid, setPhoneUuid] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const run = async (action: () => Promise<string>) => {
    setSubmitting(true);
    try {
      complete(await action(), { employee: false });
    } catch {
      // The request wrapper has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  };

  const passwordTab = (
    <Form
      name="supplierPassword"
      form={passwordForm}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) => run(() => supplierPasswordLogin({ tel: v.tel.trim(), pwd: v.pwd, msgCode: v.msgCode.trim() }))}
    >
      <Form.Item name="tel" label={t('auth.phone')} rules={phoneRules(t)}>
        <Input
          prefix={<MobileOutlined className="field-icon" />}
          placeholder={t('auth.phonePlaceholder')}
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item
        name="pwd"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined className="field-icon" />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item name="msgCode" label={t('auth.smsCode')} rules={smsCodeRules(t)}>
        <SmsCodeField
          purpose="login"
          size="large"
          getPhone={() => validatedPhone(passwordForm, 'tel')}
          onSent={() => undefined}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="login-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );

  const phoneTab = (
    <Form
      name="supplierPhone"
      form={phoneForm}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) => run(() => supplierPhoneLogin({ tel: v.tel.trim(), msgCode: v.msgCode.trim(), uuid: phoneUuid }))}
    >
      <Form.Item name="tel" label={t('auth.phone')} rules={phoneRules(t)}>
        <Input
          prefix={<MobileOutlined className="field-icon" />}
          placeholder={t('auth.phonePlaceholder')}
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item name="msgCode" label={t('auth.smsCode')} rules={smsCodeRules(t)}>
        <SmsCodeField
          purpose="login"
          size="large"
          getPhone={() => validatedPhone(phoneForm, 'tel')}
          onSent={setPhoneUuid}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="login-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );

  return (
    <AuthFrame
      title={t('auth.supplierTitle')}
      subtitle={t('auth.supplierSubtitle')}
      footer={
        <>
          <span>
            {t('auth.noAccount')} <Link to={paths.webRegister}>{t('auth.registerNow')}</Link>
          </span>
          <Link to={paths.adminLogin}>{t('auth.toAdmin')}</Link>
        </>
      }
    >
      <Tabs
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
