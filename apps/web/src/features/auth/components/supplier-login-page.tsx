import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { supplierPasswordLogin, supplierPhoneLogin } from '../api/sign-in';
import { PasswordField, PhoneField, PhoneSignInForm, SignInCodeField, SignInForm, SignInPage } from './sign-in-form';

interface PasswordValues {
  tel: string;
  pwd: string;
  msgCode: string;
}

/**
 * `/weblogin` and `/login`: suppliers sign in with password + SMS code, phone + SMS code, or a
 * certificate bound to their account.
 */
export function SupplierLoginPage() {
  const { t } = useTranslation();
  return (
    <SignInPage
      title={t('auth.supplierTitle')}
      subtitle={t('auth.supplierSubtitle')}
      register={{ to: paths.webRegister, question: t('auth.noAccount'), label: t('auth.registerNow') }}
      otherSignIn={{ to: paths.adminLogin, label: t('auth.toAdmin') }}
      certificate={{ name: 'supplierCertificate', employee: false }}
      passwordTab={
        <SignInForm<PasswordValues>
          name="supplierPassword"
          employee={false}
          signIn={(v) => supplierPasswordLogin({ tel: v.tel.trim(), pwd: v.pwd, msgCode: v.msgCode.trim() })}
        >
          <PhoneField name="tel" />
          <PasswordField name="pwd" />
          <SignInCodeField name="msgCode" phoneField="tel" />
        </SignInForm>
      }
      phoneTab={
        <PhoneSignInForm
          name="supplierPhone"
          employee={false}
          fields={{ phone: 'tel', code: 'msgCode' }}
          signIn={(tel, msgCode, uuid) => supplierPhoneLogin({ tel, msgCode, uuid })}
        />
      }
    />
  );
}
