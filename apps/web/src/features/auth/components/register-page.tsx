import { Alert, Button, Form, Input } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FieldColumns } from '@/shared/components/auth-forms/field-columns';
import { ConfirmPasswordField } from '@/shared/components/auth-forms/confirm-password-field';
import { usePendingSubmit } from '@/shared/components/auth-forms/use-pending-submit';
import { LightTabs } from '@/shared/components/light-tabs';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { paths } from '@/shared/config/paths';
import { sendWithFieldRefusals } from '@/shared/lib/form-submit';
import { feedback } from '@/shared/lib/notify';
import { companyNameExists, loginUidExists, telExists } from '@/shared/lib/uniqueness';
import { isCreditCode, isPhone, isStrongPassword } from '@/shared/lib/validation';
import {
  registerSupplier,
  requestOwnerAccount,
  type OwnerAccountRequest,
  type SupplierRegistration,
} from '../api/register';
import { AuthFrame } from './auth-frame';
import { phoneRules, smsCodeRules, validatedPhone } from './phone-rules';

/** Wait this long after the last keystroke before asking the server whether a value is taken. */
const CHECK_DEBOUNCE_MS = 400;
const LOGIN_UID = /^[A-Za-z][A-Za-z0-9_]{2,29}$/;

function uniqueRule(
  check: (value: string) => Promise<boolean>,
  takenMessage: string,
  applies: (value: string) => boolean,
): FormRule {
  return {
    validator: async (_, raw: string | undefined) => {
      const value = raw?.trim() ?? '';
      if (!value || !applies(value)) return;
      if (await check(value)) throw new Error(takenMessage);
    },
  };
}

/** What differs between the two registrations besides their fields. */
const SIDES = {
  supplier: {
    name: 'supplierRegister',
    testId: 'supplier-register-form',
    submit: { label: 'register.submitSupplier', testId: 'register-submit' },
    done: { message: 'register.supplierDone', seconds: undefined },
    signIn: paths.webLogin,
  },
  owner: {
    name: 'ownerRegister',
    testId: 'owner-register-form',
    submit: { label: 'register.submitOwner', testId: 'owner-register-submit' },
    done: { message: 'register.ownerDone', seconds: 5 },
    signIn: paths.adminLogin,
  },
} as const;
type Side = keyof typeof SIDES;

/** The fields both registrations have, as the server takes them. */
type SharedFields = Pick<SupplierRegistration, 'contactName' | 'tel' | 'msgCode' | 'uuid'>;

/**
 * Sends a registration with the uuid of the SMS code that was sent, then says it is done and
 * goes to the sign-in page of that side. `send` adds the side's own fields to the shared ones.
 */
function useRegistration<V extends Omit<SharedFields, 'uuid'>>(
  side: Side,
  send: (values: V, shared: SharedFields) => Promise<void>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<V>();
  const [uuid, setUuid] = useState('');
  const { pending, submit } = usePendingSubmit();
  const { done, signIn } = SIDES[side];
  const finish = (values: V) =>
    void submit(async () => {
      const { contactName, tel, msgCode } = values;
      await sendWithFieldRefusals(form, () =>
        send(values, { contactName: contactName.trim(), tel: tel.trim(), msgCode: msgCode.trim(), uuid }),
      );
      feedback().message.success(t(done.message), done.seconds);
      void navigate(signIn, { replace: true });
    });
  return { form, setUuid, registering: pending, finish };
}

interface RegistrationFormProps<V> {
  side: Side;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  registering: boolean;
  children: ReactNode;
}

function RegistrationForm<V>({ side, form, onFinish, registering, children }: RegistrationFormProps<V>) {
  const { t } = useTranslation();
  const { name, testId, submit } = SIDES[side];
  return (
    <Form name={name} form={form} layout="vertical" requiredMark onFinish={onFinish} data-testid={testId}>
      {children}
      <Button type="primary" htmlType="submit" block size="large" loading={registering} data-testid={submit.testId}>
        {t(submit.label)}
      </Button>
    </Form>
  );
}

function ContactNameField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="contactName"
      label={t('register.contactName')}
      rules={[{ required: true, whitespace: true, message: t('register.contactRequired') }]}
    >
      <Input maxLength={50} autoComplete="name" />
    </Form.Item>
  );
}

/** The mobile phone, checked as it is typed against the accounts of one side (`types`). */
function TelField({ types }: { types: 0 | 1 }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="tel"
      label={t('register.tel')}
      validateDebounce={CHECK_DEBOUNCE_MS}
      hasFeedback
      rules={[...phoneRules(t), uniqueRule((v) => telExists(v, types), t('register.telTaken'), isPhone)]}
    >
      <Input maxLength={11} inputMode="tel" autoComplete="tel" />
    </Form.Item>
  );
}

function MsgCodeField({ onSent }: { onSent: (uuid: string) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item name="msgCode" label={t('register.msgCode')} rules={smsCodeRules(t)}>
      <SmsCodeField purpose="register" getPhone={() => validatedPhone(form, 'tel')} onSent={onSent} />
    </Form.Item>
  );
}

type SupplierValues = Omit<SupplierRegistration, 'uuid'> & { confirm: string };

function SupplierForm() {
  const { t } = useTranslation();
  const { form, setUuid, registering, finish } = useRegistration<SupplierValues>('supplier', (values, shared) =>
    registerSupplier({
      ...shared,
      compName: values.compName.trim(),
      creditCode: values.creditCode.trim().toUpperCase(),
      password: values.password,
    }),
  );

  return (
    <RegistrationForm side="supplier" form={form} onFinish={finish} registering={registering}>
      <Form.Item
        name="compName"
        label={t('register.compName')}
        validateDebounce={CHECK_DEBOUNCE_MS}
        rules={[
          { required: true, whitespace: true, min: 2, max: 100, message: t('register.compNameRequired') },
          uniqueRule(companyNameExists, t('register.compNameTaken'), (v) => v.length >= 2),
        ]}
        hasFeedback
      >
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label={t('register.creditCode')}
        normalize={(v: string) => v.toUpperCase()}
        rules={[
          {
            required: true,
            validator: async (_, v: string) => {
              if (!isCreditCode(v ?? '')) throw new Error(t('register.creditInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={18} />
      </Form.Item>
      <FieldColumns>
        <ContactNameField />
        <TelField types={1} />
      </FieldColumns>
      <MsgCodeField onSent={setUuid} />
      <FieldColumns>
        <Form.Item
          name="password"
          label={t('register.password')}
          extra={t('register.passwordRule')}
          rules={[
            {
              required: true,
              validator: async (_, v: string) => {
                if (!isStrongPassword(v ?? '')) throw new Error(t('register.passwordRule'));
              },
            },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <ConfirmPasswordField label={t('register.confirmPassword')} password="password" />
      </FieldColumns>
    </RegistrationForm>
  );
}

type OwnerValues = Omit<OwnerAccountRequest, 'uuid'>;

function OwnerForm() {
  const { t } = useTranslation();
  const { form, setUuid, registering, finish } = useRegistration<OwnerValues>('owner', (values, shared) =>
    requestOwnerAccount({
      ...shared,
      orgName: values.orgName.trim(),
      departCategory: values.departCategory.trim(),
      loginUid: values.loginUid.trim(),
    }),
  );

  return (
    <RegistrationForm side="owner" form={form} onFinish={finish} registering={registering}>
      <Alert type="info" showIcon title={t('register.ownerIntro')} className="form-intro" />
      <Form.Item
        name="orgName"
        label={t('register.orgName')}
        rules={[{ required: true, whitespace: true, min: 2, max: 100, message: t('register.orgRequired') }]}
      >
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <FieldColumns>
        <Form.Item
          name="departCategory"
          label={t('register.departCategory')}
          rules={[{ required: true, whitespace: true, message: t('register.categoryRequired') }]}
        >
          <Input maxLength={50} placeholder={t('register.departCategoryPlaceholder')} />
        </Form.Item>
        <ContactNameField />
      </FieldColumns>
      <FieldColumns>
        <Form.Item
          name="loginUid"
          label={t('register.loginUid')}
          validateDebounce={CHECK_DEBOUNCE_MS}
          hasFeedback
          rules={[
            { required: true, pattern: LOGIN_UID, message: t('register.loginUidInvalid') },
            uniqueRule(loginUidExists, t('register.loginUidTaken'), (v) => LOGIN_UID.test(v)),
          ]}
        >
          <Input maxLength={30} autoComplete="username" />
        </Form.Item>
        <TelField types={0} />
      </FieldColumns>
      <MsgCodeField onSent={setUuid} />
    </RegistrationForm>
  );
}

/**
 * `/webregister` and `/register`: supplier registration, and the owner's back-office account
 * request. With `?for=back-office` (the link of the back-office sign-in) only the owner's request:
 * the back office offers no supplier registration.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'owner' ? 'owner' : 'supplier';
  if (search.get('for') === 'back-office') {
    return (
      <AuthFrame
        wide
        title={t('register.ownerTitle')}
        subtitle={t('register.ownerSubtitle')}
        footer={
          <span>
            {t('register.haveAccount')} <Link to={paths.adminLogin}>{t('register.signInNow')}</Link>
          </span>
        }
      >
        <OwnerForm />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      wide
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <span>
          {t('register.haveAccount')}{' '}
          <Link to={tab === 'owner' ? paths.adminLogin : paths.webLogin}>{t('register.signInNow')}</Link>
        </span>
      }
    >
      <LightTabs
        className="auth-tabs"
        activeKey={tab}
        onChange={(key) => setSearch(key === 'owner' ? { tab: 'owner' } : {}, { replace: true })}
        items={[
          { key: 'supplier', label: t('register.supplierTab'), children: <SupplierForm /> },
          { key: 'owner', label: t('register.ownerTab'), children: <OwnerForm /> },
        ]}
      />
    </AuthFrame>
  );
}
