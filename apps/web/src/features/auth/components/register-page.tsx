import { Alert, Button, Col, Form, Input, Row, Tabs } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { paths } from '@/shared/config/paths';
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

function SupplierForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SupplierRegistration & { confirm: string }>();
  const [uuid, setUuid] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: SupplierRegistration & { confirm: string }) => {
    setSubmitting(true);
    try {
      await registerSupplier({
        compName: values.compName.trim(),
        creditCode: values.creditCode.trim().toUpperCase(),
        contactName: values.contactName.trim(),
        tel: values.tel.trim(),
        msgCode: values.msgCode.trim(),
        uuid,
        password: values.password,
      });
      feedback().message.success(t('register.supplierDone'));
      void navigate(paths.webLogin, { replace: true });
    } catch {
      // Shown by the request wrapper.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      name="supplierRegister"
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      data-testid="supplier-register-form"
    >
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
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="contactName"
            label={t('register.contactName')}
            rules={[{ required: true, whitespace: true, message: t('register.contactRequired') }]}
          >
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="tel"
            label={t('register.tel')}
            validateDebounce={CHECK_DEBOUNCE_MS}
            rules={[...phoneRules(t), uniqueRule((v) => telExists(v, 1), t('register.telTaken'), isPhone)]}
            hasFeedback
          >
            <Input maxLength={11} inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="msgCode" label={t('register.msgCode')} rules={smsCodeRules(t)}>
        <SmsCodeField purpose="register" getPhone={() => validatedPhone(form, 'tel')} onSent={setUuid} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
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
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="confirm"
            label={t('register.confirmPassword')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('register.passwordMismatch') },
              ({ getFieldValue }) => ({
                validator: async (_, v: string) => {
                  if (v && v !== getFieldValue('password')) throw new Error(t('register.passwordMismatch'));
                },
              }),
            ]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="register-submit">
        {t('register.submitSupplier')}
      </Button>
    </Form>
  );
}

function OwnerForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<OwnerAccountRequest>();
  const [uuid, setUuid] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: OwnerAccountRequest) => {
    setSubmitting(true);
    try {
      await requestOwnerAccount({
        orgName: values.orgName.trim(),
        departCategory: values.departCategory.trim(),
        contactName: values.contactName.trim(),
        tel: values.tel.trim(),
        msgCode: values.msgCode.trim(),
        uuid,
        loginUid: values.loginUid.trim(),
      });
      feedback().message.success(t('register.ownerDone'), 5);
      void navigate(paths.adminLogin, { replace: true });
    } catch {
      // Shown by the request wrapper.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      name="ownerRegister"
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      data-testid="owner-register-form"
    >
      <Alert type="info" showIcon title={t('register.ownerIntro')} className="form-intro" />
      <Form.Item
        name="orgName"
        label={t('register.orgName')}
        rules={[{ required: true, whitespace: true, min: 2, max: 100, message: t('register.orgRequired') }]}
      >
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="departCategory"
            label={t('register.departCategory')}
            rules={[{ required: true, whitespace: true, message: t('register.categoryRequired') }]}
          >
            <Input maxLength={50} placeholder={t('register.departCategoryPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="contactName"
            label={t('register.contactName')}
            rules={[{ required: true, whitespace: true, message: t('register.contactRequired') }]}
          >
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="loginUid"
            label={t('register.loginUid')}
            validateDebounce={CHECK_DEBOUNCE_MS}
            hasFeedback
            rules={[
              { required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{2,29}$/, message: t('register.loginUidInvalid') },
              uniqueRule(loginUidExists, t('register.loginUidTaken'), (v) => /^[A-Za-z][A-Za-z0-9_]{2,29}$/.test(v)),
            ]}
          >
            <Input maxLength={30} autoComplete="username" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="tel"
            label={t('register.tel')}
            validateDebounce={CHECK_DEBOUNCE_MS}
            hasFeedback
            rules={[...phoneRules(t), uniqueRule((v) => telExists(v, 0), t('register.telTaken'), isPhone)]}
          >
            <Input maxLength={11} inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="msgCode" label={t('register.msgCode')} rules={smsCodeRules(t)}>
        <SmsCodeField purpose="register" getPhone={() => validatedPhone(form, 'tel')} onSent={setUuid} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={submitting}
        data-testid="owner-register-submit"
      >
        {t('register.submitOwner')}
      </Button>
    </Form>
  );
}

/** `/webregister` and `/register`: supplier registration, and the owner's back-office account request. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'owner' ? 'owner' : 'supplier';
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
      <Tabs
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
