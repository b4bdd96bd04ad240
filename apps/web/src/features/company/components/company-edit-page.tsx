import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, Result, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import { feedback } from '@/shared/lib/notify';
import { refreshUser, useCurrentUser } from '@/shared/lib/session';
import { accountNoExists } from '@/shared/lib/uniqueness';
import { companyQuery, updateCompany, type CompanyUpdate } from '../api/company';

/**
 * `/company/edit`: completes or corrects the company record. A supplier whose record is
 * incomplete (fix 0) is held here by the route guard until the four required fields are saved.
 */
export function CompanyEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const compId = user?.company?.compId;
  const company = useQuery({ ...companyQuery(compId ?? 0), enabled: !!compId });
  const [form] = Form.useForm<CompanyUpdate>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (company.data) {
      const { contactName, induRegiNo, contactTel, bankName, accountNo } = company.data;
      form.setFieldsValue({
        contactName: contactName ?? '',
        induRegiNo: induRegiNo ?? '',
        contactTel: contactTel ?? '',
        bankName: bankName ?? '',
        accountNo: accountNo ?? '',
      });
    }
  }, [company.data, form]);

  if (!compId) {
    return (
      <Card className="page-card">
        <Empty description={t('company.noCompany')} />
      </Card>
    );
  }

  const submit = async (values: CompanyUpdate) => {
    setSaving(true);
    try {
      const saved = await updateCompany({
        compId,
        contactName: values.contactName.trim(),
        induRegiNo: values.induRegiNo.trim(),
        contactTel: values.contactTel.trim(),
        bankName: values.bankName.trim(),
        accountNo: values.accountNo.trim(),
      });
      queryClient.setQueryData(companyQuery(compId).queryKey, saved);
      // The fix flag lives in user info; re-read it so the guard lets the user move on.
      await refreshUser();
      feedback().message.success(t('company.saved'));
      void navigate(paths.companyInfo);
    } catch {
      // Shown by the request wrapper.
    } finally {
      setSaving(false);
    }
  };

  // English reads "Enter the bank of deposit."; Chinese keeps the label as it is.
  const rule = (labelKey: string) => {
    const label = t(labelKey);
    return {
      required: true,
      whitespace: true,
      message: t('company.required', { field: i18n.language === 'en' ? label.toLowerCase() : label }),
    };
  };

  return (
    <Card className="page-card" title={t('company.editTitle')}>
      {company.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : company.isError ? (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          subTitle={company.error.message}
          extra={<Button onClick={() => void company.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <>
          {company.data.fix === 0 || user?.fix === 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('company.mustComplete')}
              className="form-intro"
              data-testid="company-incomplete"
            />
          ) : null}
          <Form form={form} layout="vertical" onFinish={submit} className="company-form" data-testid="company-form">
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <Form.Item label={t('company.compName')}>
                  <Input value={company.data.compName} disabled />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('company.creditCode')}>
                  <Input value={company.data.creditCode} disabled />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="contactName"
                  label={t('company.contactName')}
                  rules={[rule('company.contactName'), { max: 50 }]}
                >
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="contactTel"
                  label={t('company.contactTel')}
                  rules={[
                    rule('company.contactTel'),
                    { pattern: /^[0-9+\-() ]{6,20}$/, message: t('company.contactTelInvalid') },
                  ]}
                >
                  <Input maxLength={20} inputMode="tel" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="induRegiNo"
                  label={t('company.induRegiNo')}
                  rules={[rule('company.induRegiNo'), { max: 50 }]}
                >
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="bankName"
                  label={t('company.bankName')}
                  rules={[rule('company.bankName'), { min: 2, max: 100 }]}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="accountNo"
                  label={t('company.accountNo')}
                  validateDebounce={400}
                  hasFeedback
                  rules={[
                    rule('company.accountNo'),
                    { pattern: /^\d{8,30}$/, message: t('company.accountInvalid') },
                    {
                      validator: async (_, v: string) => {
                        const value = v?.trim();
                        // The company's own account is of course already known to the server.
                        if (!value || !/^\d{8,30}$/.test(value) || value === company.data.accountNo) return;
                        if (await accountNoExists(value)) throw new Error(t('company.accountTaken'));
                      },
                    },
                  ]}
                >
                  <Input maxLength={30} inputMode="numeric" />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="company-save">
              {t('common.save')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
