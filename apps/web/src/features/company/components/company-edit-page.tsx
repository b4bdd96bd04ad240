import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import type { FormItemProps, FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldColumns } from '@/shared/components/auth-forms/field-columns';
import { usePendingSubmit } from '@/shared/components/auth-forms/use-pending-submit';
import { paths } from '@/shared/config/paths';
import { sendWithFieldRefusals } from '@/shared/lib/form-submit';
import { feedback } from '@/shared/lib/notify';
import { refreshUser, useCurrentUser } from '@/shared/lib/session';
import { accountNoExists } from '@/shared/lib/uniqueness';
import { companyQuery, updateCompany, type Company, type CompanyUpdate } from '../api/company';
import { OwnCompanyCard } from './own-company-card';

type CompanyValues = Omit<CompanyUpdate, 'compId'>;

interface RequiredItemProps extends Omit<FormItemProps<CompanyValues>, 'name' | 'label'> {
  name: keyof CompanyValues;
  rules: FormRule[];
}

/** A field the record must have, labelled `company.<name>`; an empty one is named in the message. */
function RequiredItem({ name, rules, ...item }: RequiredItemProps) {
  const { t, i18n } = useTranslation();
  const label = t(`company.${name}`);
  // English reads "Enter the bank of deposit."; Chinese keeps the label as it is.
  const required = t('company.required', { field: i18n.language === 'en' ? label.toLowerCase() : label });
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, whitespace: true, message: required }, ...rules]}
      {...item}
    />
  );
}

function CompanyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [form] = Form.useForm<CompanyValues>();
  const { pending: saving, submit } = usePendingSubmit();

  useEffect(() => {
    const { contactName, induRegiNo, contactTel, bankName, accountNo } = company;
    form.setFieldsValue({
      contactName: contactName ?? '',
      induRegiNo: induRegiNo ?? '',
      contactTel: contactTel ?? '',
      bankName: bankName ?? '',
      accountNo: accountNo ?? '',
    });
  }, [company, form]);

  const save = (values: CompanyValues) =>
    void submit(async () => {
      const saved = await sendWithFieldRefusals(form, () =>
        updateCompany({
          compId: company.compId,
          contactName: values.contactName.trim(),
          induRegiNo: values.induRegiNo.trim(),
          contactTel: values.contactTel.trim(),
          bankName: values.bankName.trim(),
          accountNo: values.accountNo.trim(),
        }),
      );
      queryClient.setQueryData(companyQuery(company.compId).queryKey, saved);
      // The fix flag lives in user info; re-read it so the guard lets the user move on.
      await refreshUser();
      feedback().message.success(t('company.saved'));
      void navigate(paths.companyInfo);
    });

  return (
    <>
      {company.fix === 0 || user?.fix === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('company.mustComplete')}
          className="form-intro"
          data-testid="company-incomplete"
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={save} className="company-form" data-testid="company-form">
        <FieldColumns from="md" gutter={24}>
          <Form.Item label={t('company.compName')}>
            <Input value={company.compName} disabled />
          </Form.Item>
          <Form.Item label={t('company.creditCode')}>
            <Input value={company.creditCode} disabled />
          </Form.Item>
          <RequiredItem name="contactName" rules={[{ max: 50 }]}>
            <Input maxLength={50} />
          </RequiredItem>
          <RequiredItem
            name="contactTel"
            rules={[{ pattern: /^[0-9+\-() ]{6,20}$/, message: t('company.contactTelInvalid') }]}
          >
            <Input maxLength={20} inputMode="tel" />
          </RequiredItem>
          <RequiredItem name="induRegiNo" rules={[{ max: 50 }]}>
            <Input maxLength={50} />
          </RequiredItem>
          <RequiredItem name="bankName" rules={[{ min: 2, max: 100 }]}>
            <Input maxLength={100} />
          </RequiredItem>
          <RequiredItem
            name="accountNo"
            validateDebounce={400}
            hasFeedback
            rules={[
              { pattern: /^\d{8,30}$/, message: t('company.accountInvalid') },
              {
                validator: async (_, v: string) => {
                  const value = v?.trim();
                  // The company's own account is of course already known to the server.
                  if (!value || !/^\d{8,30}$/.test(value) || value === company.accountNo) return;
                  if (await accountNoExists(value)) throw new Error(t('company.accountTaken'));
                },
              },
            ]}
          >
            <Input maxLength={30} inputMode="numeric" />
          </RequiredItem>
        </FieldColumns>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="company-save">
          {t('common.save')}
        </Button>
      </Form>
    </>
  );
}

/**
 * `/company/edit`: completes or corrects the company record. A supplier whose record is
 * incomplete (fix 0) is held here by the route guard until the four required fields are saved.
 */
export function CompanyEditPage() {
  const { t } = useTranslation();
  return (
    <OwnCompanyCard title={t('company.editTitle')} loadingRows={8}>
      {(company) => <CompanyForm company={company} />}
    </OwnCompanyCard>
  );
}
