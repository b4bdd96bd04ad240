import { EditOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { Alert, Button, Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '@/shared/components/authorized';
import { paths } from '@/shared/config/paths';
import { OwnCompanyCard } from './own-company-card';

/**
 * `/company/info`: the signed-in supplier's company record; below it `certificates`, the user's
 * certificate bindings when the app adds them.
 */
export function CompanyInfoPage({ certificates }: { certificates?: ReactNode }) {
  const { t } = useTranslation();
  const value = (v: string | null | undefined) => (v ? v : <span className="muted">{t('common.notSet')}</span>);

  return (
    <>
      <OwnCompanyCard
        title={t('company.infoTitle')}
        extra={
          <Authorized permissions={[Perm.web.company.edit]}>
            <Link to={paths.companyEdit}>
              <Button type="primary" icon={<EditOutlined />}>
                {t('common.edit')}
              </Button>
            </Link>
          </Authorized>
        }
        loadingRows={6}
      >
        {(company) => (
          <>
            {company.fix === 0 ? (
              <Alert type="warning" showIcon title={t('company.mustComplete')} className="form-intro" />
            ) : null}
            <Descriptions
              bordered
              column={{ xs: 1, sm: 1, md: 2 }}
              data-testid="company-details"
              items={[
                { key: 'compName', label: t('company.compName'), children: company.compName, span: 2 },
                { key: 'creditCode', label: t('company.creditCode'), children: company.creditCode },
                {
                  key: 'status',
                  label: t('company.status'),
                  children:
                    company.fix === 1 ? (
                      <Tag color="success">{t('company.complete')}</Tag>
                    ) : (
                      <Tag color="warning">{t('company.incomplete')}</Tag>
                    ),
                },
                { key: 'contactName', label: t('company.contactName'), children: value(company.contactName) },
                { key: 'contactTel', label: t('company.contactTel'), children: value(company.contactTel) },
                { key: 'induRegiNo', label: t('company.induRegiNo'), children: value(company.induRegiNo) },
                { key: 'bankName', label: t('company.bankName'), children: value(company.bankName) },
                { key: 'accountNo', label: t('company.accountNo'), children: value(company.accountNo), span: 2 },
              ]}
            />
          </>
        )}
      </OwnCompanyCard>
      {certificates ? <div style={{ marginTop: 16 }}>{certificates}</div> : null}
    </>
  );
}
