import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { employeePasswordLogin, employeePhoneLogin, fetchCaptcha, type Captcha } from '../api/sign-in';
import { PasswordField, PhoneSignInForm, SignInForm, SignInPage } from './sign-in-form';

interface PasswordValues {
  loginUid: string;
  loginPwd: string;
  code?: string;
}

/** The captcha answer beside its picture; a click on the picture asks for another one. */
function CaptchaField({ captcha, onRefresh }: { captcha: Captcha | undefined; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
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
          <button type="button" className="captcha-image" onClick={onRefresh} aria-label={t('auth.captchaRefresh')}>
            {captcha?.img ? <img src={captcha.img} alt={t('auth.captcha')} /> : null}
          </button>
        </Tooltip>
      </div>
    </Form.Item>
  );
}

/** `/adminlogin`: back-office staff sign in with user name + password + captcha, or phone + SMS code. */
export function EmployeeLoginPage() {
  const { t } = useTranslation();
  // A captcha answer is usable once, so it is never cached and is refreshed after every attempt.
  const captcha = useQuery({ queryKey: ['captcha'], queryFn: fetchCaptcha, staleTime: 0, gcTime: 0 });
  const captchaOn = captcha.data?.captchaEnabled ?? false;

  return (
    <SignInPage
      title={t('auth.adminTitle')}
      subtitle={t('auth.adminSubtitle')}
      registerTo={`${paths.webRegister}?tab=owner`}
      otherSignIn={{ to: paths.webLogin, label: t('auth.toSupplier') }}
      passwordTab={
        <SignInForm<PasswordValues>
          name="employeePassword"
          employee
          signIn={(v) =>
            employeePasswordLogin({
              loginUid: v.loginUid,
              loginPwd: v.loginPwd,
              code: v.code?.trim(),
              uuid: captcha.data?.uuid,
            })
          }
          onRefused={(form) => {
            if (!captchaOn) return;
            form.setFieldValue('code', '');
            void captcha.refetch();
          }}
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
          <PasswordField name="loginPwd" />
          {captcha.isPending ? (
            <Skeleton.Input active block style={{ height: 40, marginBottom: 24 }} />
          ) : captchaOn ? (
            <CaptchaField captcha={captcha.data} onRefresh={() => void captcha.refetch()} />
          ) : null}
        </SignInForm>
      }
      phoneTab={
        <PhoneSignInForm
          name="employeePhone"
          employee
          fields={{ phone: 'loginTel', code: 'code' }}
          signIn={(loginTel, code, uuid) => employeePhoneLogin({ loginTel, code, uuid })}
        />
      }
    />
  );
}
