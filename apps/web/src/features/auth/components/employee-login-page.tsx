import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { paths } from '@/shared/config/paths';
import { employeePasswordLogin, employeePhoneLogin, fetchCaptcha } from '../api/sign-in';
import { AuthFrame } from './auth-frame';
import { phoneRules, smsCodeRules, validatedPhone } from './phone-rules';
import { useCompleteSignIn } from './use-complete-sign-in';

interface PasswordValues {
  loginUid: string;
  loginPwd: string;
  code?: string;
}
interface PhoneValues {
  loginTel: string;
  code: string;
}

/** `/adminlogin`: back-office staff sign in with user name + password + captcha, or phone + SMS code. */
export function EmployeeLoginPage() {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [phoneUuid, setPhoneUuid] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // A captcha answer is usable once, so it is never cached and is refreshed after every attempt.
  const captcha = useQuery({ queryKey: ['captcha'], queryFn: fetchCaptcha, staleTime: 0, gcTime: 0 });
  const captchaOn = captcha.data?.captchaEnabled ?? false;

  const run = async (action: () => Promise<string>, refreshCaptcha: boolean) => {
    setSubmitting(true);
    try {
      complete(await action(), { employee: true });
    } catch {
      if (refreshCaptcha && captchaOn) {
        passwordForm.setFieldValue('code', '');
        void captcha.refetch();
      }
    } finally {
      setSubmitting(false);
    }
  };

  const passwordTab = (
    <Form
      name="employeePassword"
      form={passwordForm}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) =>
        run(
          () =>
            employeePasswordLogin({
              loginUid: v.loginUid,
              loginPwd: v.loginPwd,
              code: v.code?.trim(),
              uuid: captcha.data?.uuid,
            }),
          true,
        )
      }
    >
      <Form.Item
        name="loginUid"
        label={t('auth.username')}
        rules={[{ required: true, whitespace: true, message: t('auth.usernameRequired') }]}
      >
        <Input
          prefix={<UserOutlined className="field-icon" />}
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item
        name="loginPwd"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined className="field-icon" />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      {captcha.isPending ? (
        <Skeleton.Input active block style={{ height: 40, marginBottom: 24 }} />
      ) : captchaOn ? (
        <Form.Item label={t('auth.captcha')} required>
          <div className="captcha-row">
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('auth.captchaRequired') }]}>
              <Input
                prefix={<SafetyOutlined className="field-icon" />}
                placeholder={t('auth.captchaPlaceholder')}
                autoComplete="off"
              />
            </Form.Item>
            <Tooltip title={t('auth.captchaRefresh')}>
              <button
                type="button"
                className="captcha-image"
                onClick={() => void captcha.refetch()}
                aria-label={t('auth.captchaRefresh')}
              >
                {captcha.data?.img ? <img src={captcha.data.img} alt={t('auth.captcha')} /> : null}
              </button>
            </Tooltip>
          </div>
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="login-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );

  const phoneTab = (
    <Form
      name="employeePhone"
      form={phoneForm}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) =>
        run(() => employeePhoneLogin({ loginTel: v.loginTel.trim(), code: v.code.trim(), uuid: phoneUuid }), false)
      }
    >
      <Form.Item name="loginTel" label={t('auth.phone')} rules={phoneRules(t)}>
        <Input
          prefix={<MobileOutlined className="field-icon" />}
          placeholder={t('auth.phonePlaceholder')}
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item name="code" label={t('auth.smsCode')} rules={smsCodeRules(t)}>
        <SmsCodeField
          purpose="login"
          size="large"
          getPhone={() => validatedPhone(phoneForm, 'loginTel')}
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
      title={t('auth.adminTitle')}
      subtitle={t('auth.adminSubtitle')}
      footer={
        <>
          <span>
            {t('auth.noAccount')} <Link to={`${paths.webRegister}?tab=owner`}>{t('auth.registerNow')}</Link>
          </span>
          <Link to={paths.webLogin}>{t('auth.toSupplier')}</Link>
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
