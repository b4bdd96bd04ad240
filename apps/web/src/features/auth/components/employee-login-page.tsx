import { useQuery } from '@tanstack/react-query';
import { CLIENT_ONLY } from '@/shared/lib/query-client';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { employeePasswordLogin, employeePhoneLogin, fetchCaptcha, type Captcha } from '../api/sign-in';
import { SafetyIcon, UserIcon } from './auth-icons';
import { required } from './form-rules';
import { FieldShell, InputBox, TextField, useField } from './plain-form';
import { PasswordField, PhoneSignInForm, SignInForm, SignInPage } from './sign-in-form';

interface PasswordValues {
  loginUid: string;
  loginPwd: string;
  code?: string;
}

/** The captcha answer beside its picture; a click on the picture asks for another one. */
function CaptchaField({ captcha, onRefresh }: { captcha: Captcha | undefined; onRefresh: () => void }) {
  const { t } = useTranslation();
  const rules = useMemo(() => [required(t('auth.captchaRequired'))], [t]);
  const field = useField('code', rules);
  return (
    <FieldShell id={field.id} helpId={field.helpId} label={t('auth.captcha')} error={field.error}>
      <div className="pf-captcha">
        <InputBox
          {...field.inputProps}
          invalid={Boolean(field.error)}
          onChange={(event) => field.change(event.target.value)}
          prefix={<SafetyIcon />}
          placeholder={t('auth.captchaPlaceholder')}
          autoComplete="off"
        />
        <button
          type="button"
          className="captcha-image"
          onClick={onRefresh}
          aria-label={t('auth.captchaRefresh')}
          title={t('auth.captchaRefresh')}
        >
          {captcha?.img ? <img src={captcha.img} alt={t('auth.captcha')} /> : null}
        </button>
      </div>
    </FieldShell>
  );
}

/**
 * `/adminlogin`: back-office staff sign in with user name + password + captcha, phone + SMS code,
 * or a certificate bound to their account.
 */
export function EmployeeLoginPage() {
  const { t } = useTranslation();
  // A captcha answer is usable once, so it is never cached and is refreshed after every attempt.
  // Each visitor gets a captcha of their own: never fetched while the server draws the page.
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    staleTime: 0,
    gcTime: 0,
    meta: CLIENT_ONLY,
  });
  const captchaOn = captcha.data?.captchaEnabled ?? false;
  const userRules = useMemo(() => [required(t('auth.usernameRequired'), true)], [t]);

  return (
    <SignInPage
      title={t('auth.adminTitle')}
      subtitle={t('auth.adminSubtitle')}
      // Suppliers register on the public side; here only owners may ask for a back-office account.
      register={{
        to: paths.backOfficeAccountRequest,
        question: t('auth.noBackOfficeAccount'),
        label: t('auth.requestBackOfficeAccount'),
      }}
      otherSignIn={{ to: paths.webLogin, label: t('auth.toSupplier') }}
      certificate={{ name: 'employeeCertificate', employee: true }}
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
            form.setValue('code', '');
            void captcha.refetch();
          }}
        >
          <TextField
            name="loginUid"
            label={t('auth.username')}
            rules={userRules}
            prefix={<UserIcon />}
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
          />
          <PasswordField name="loginPwd" />
          {captcha.isPending ? (
            <span className="plain-skeleton-bar pf-skeleton" aria-hidden="true" />
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
