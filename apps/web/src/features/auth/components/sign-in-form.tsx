import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePendingSubmit } from '@/shared/components/auth-forms/use-pending-submit';
import { LightTabs } from '@/shared/components/light-tabs';
import { paths } from '@/shared/config/paths';
import { sendWithFieldRefusals, type RefusalTarget } from '@/shared/lib/form-submit';
import { feedback } from '@/shared/lib/notify';
import { startSession } from '@/shared/lib/session';
import { safeRedirect } from '@/shared/lib/validation';
import { AuthFrame } from './auth-frame';
import { LockIcon, MobileIcon } from './auth-icons';
import { required } from './form-rules';
import { phoneChecks, smsCodeChecks } from './phone-rules';
import {
  PasswordTextField,
  PlainButton,
  PlainForm,
  TextField,
  useFormStore,
  usePlainForm,
  type FormStore,
} from './plain-form';
import { SmsCodeInput } from './sms-code-input';

/*
 * The sign-in pages carry no antd (they render outside its ConfigProvider): their forms are the
 * plain kit of plain-form.tsx, in the look of antd's large vertical form.
 */

/** The plain form as a place for the server's refusals of its fields (shared/lib/form-submit.ts). */
const plainRefusals = (form: FormStore): RefusalTarget => ({
  find: (path) => (path.length === 1 && form.has(String(path[0])) ? [String(path[0])] : null),
  show: (name, message) => form.setError(String(name[0]), message),
});

interface SignInFormProps<V> {
  name: string;
  employee: boolean;
  /** Makes the sign-in call with the form's values; it resolves to the session token. */
  signIn: (values: V) => Promise<string>;
  /** After a refused sign-in (the request wrapper has shown why a refused call was refused). */
  onRefused?: (form: FormStore, error: unknown) => void;
  children: ReactNode;
}

/**
 * One sign-in tab: its fields and the sign-in button. A signed-in visitor's token is stored and
 * the visitor continues to where they were going (or the admin home). While a sign-in is under
 * way the button shows it and another press (or Enter) does nothing.
 */
export function SignInForm<V>({ name, employee, signIn, onRefused, children }: SignInFormProps<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const form = usePlainForm();
  const { pending, submit } = usePendingSubmit();
  // Taken at once (before the button re-renders as loading) and kept after a sign-in that worked,
  // while the page goes on: a second press or Enter never sends the form twice.
  const busy = useRef(false);
  const finish = (values: Record<string, string>) => {
    if (busy.current) return;
    busy.current = true;
    void submit(
      async () => {
        // A refusal naming a field (a malformed value) stands under it; any other is a toast.
        const token = await sendWithFieldRefusals(plainRefusals(form), () => signIn(values as V));
        startSession(token, { employee });
        feedback().message.success(t('auth.signedIn'));
        void navigate(safeRedirect(search.get('redirect'), paths.adminIndex), { replace: true });
      },
      (error) => {
        busy.current = false;
        onRefused?.(form, error);
      },
    );
  };
  return (
    <PlainForm name={name} form={form} onFinish={finish}>
      {children}
      <PlainButton type="submit" primary block loading={pending} data-testid="login-submit">
        {t('auth.signIn')}
      </PlainButton>
    </PlainForm>
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
  const rules = useMemo(() => phoneChecks(t), [t]);
  return (
    <TextField
      name={name}
      label={t('auth.phone')}
      rules={rules}
      prefix={<MobileIcon />}
      placeholder={t('auth.phonePlaceholder')}
      maxLength={11}
      inputMode="tel"
      autoComplete="tel"
    />
  );
}

export function PasswordField({ name }: { name: string }) {
  const { t } = useTranslation();
  const rules = useMemo(() => [required(t('auth.passwordRequired'))], [t]);
  return (
    <PasswordTextField
      name={name}
      label={t('auth.password')}
      rules={rules}
      prefix={<LockIcon />}
      placeholder={t('auth.passwordPlaceholder')}
      autoComplete="current-password"
    />
  );
}

interface SignInCodeFieldProps {
  name: string;
  /** The field of the same form whose phone the code is sent to. */
  phoneField: string;
  onSent?: (uuid: string) => void;
}

/** The SMS code of a sign-in, sent to the phone of the same form once that phone passes its rules. */
export function SignInCodeField({ name, phoneField, onSent = () => undefined }: SignInCodeFieldProps) {
  const { t } = useTranslation();
  const form = useFormStore();
  const rules = useMemo(() => smsCodeChecks(t), [t]);
  return (
    <SmsCodeInput
      name={name}
      label={t('auth.smsCode')}
      rules={rules}
      purpose="login"
      getPhone={() => (form.check([phoneField]) ? form.getValue(phoneField).trim() : undefined)}
      onSent={onSent}
    />
  );
}

// The certificate tab's form, PKCS#12 reader and texts load when the tab is first opened.
const CertificateSignInForm = lazy(() => import('../ca/certificate-sign-in-form'));

/** The certificate tab (DESIGN §9): a file and its password; the browser signs in with its key. */
function CertificateTab({ name, employee }: { name: string; employee: boolean }) {
  return (
    <Suspense fallback={<span className="plain-skeleton-bar pf-skeleton" aria-hidden="true" />}>
      <CertificateSignInForm name={name} employee={employee} />
    </Suspense>
  );
}

interface SignInPageProps {
  title: string;
  subtitle: string;
  /** Where someone without an account goes: its question and the link's text. */
  register: { to: string; question: string; label: string };
  /** The other side's sign-in page and the link's text. */
  otherSignIn: { to: string; label: string };
  passwordTab: ReactNode;
  phoneTab: ReactNode;
  /** The certificate tab's form name and the side it signs in to. */
  certificate: { name: string; employee: boolean };
}

/**
 * A sign-in page: a password tab, a phone tab and a certificate tab, links to registration and to
 * the other side.
 */
export function SignInPage({
  title,
  subtitle,
  register,
  otherSignIn,
  passwordTab,
  phoneTab,
  certificate,
}: SignInPageProps) {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={title}
      subtitle={subtitle}
      footer={
        <>
          <span>
            {register.question} <Link to={register.to}>{register.label}</Link>
          </span>
          <Link to={otherSignIn.to}>{otherSignIn.label}</Link>
        </>
      }
    >
      <LightTabs
        className="auth-tabs"
        idPrefix="sign-in"
        items={[
          { key: 'password', label: t('auth.passwordTab'), children: passwordTab },
          { key: 'sms', label: t('auth.smsTab'), children: phoneTab },
          { key: 'certificate', label: t('auth.certificateTab'), children: <CertificateTab {...certificate} /> },
        ]}
      />
      <p className="auth-card__note">{t('auth.secureNote')}</p>
    </AuthFrame>
  );
}
