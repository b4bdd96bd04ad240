import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useCurrentUser } from '@/shared/lib/session';
import { companyQuery } from '../api/company';

/** `/company/info`: the signed-in supplier's company record. */
export function CompanyInfoPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const compId = user?.company?.compId;
  const company = useQuery({ ...companyQuery(compId ?? 0), enabled: !!compId });

  if (!compId) {
    return (
      <Card className="page-card">
        <Empty description={t('company.noCompany')} />
      </Card>
    );
  }

  const value = (v: string | null | undefined) => (v ? v : <span className="muted">{t('common.notSet')}</span>);

  return (
    <Card
      className="page-card"
      title={t('company.infoTitle')}
      extra={
        <Link to={paths.companyEdit}>
          <Button type="primary" icon={<EditOutlined />}>
            {t('common.edit')}
          </Button>
        </Link>
      }
    >
      {company.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : company.isError ? (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          subTitle={company.error.message}
          extra={<Button onClick={() => void company.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <>
          {company.data.fix === 0 ? (
            <Alert type="warning" showIcon title={t('company.mustComplete')} className="form-intro" />
          ) : null}
          <Descriptions
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            data-testid="company-details"
            items={[
              { key: 'compName', label: t('company.compName'), children: company.data.compName, span: 2 },
              { key: 'creditCode', label: t('company.creditCode'), children: company.data.creditCode },
              {
                key: 'status',
                label: t('company.status'),
                children:
                  company.data.fix === 1 ? (
                    <Tag color="success">{t('company.complete')}</Tag>
                  ) : (
                    <Tag color="warning">{t('company.incomplete')}</Tag>
                  ),
              },
              { key: 'contactName', label: t('company.contactName'), children: value(company.data.contactName) },
              { key: 'contactTel', label: t('company.contactTel'), children: value(company.data.contactTel) },
              { key: 'induRegiNo', label: t('company.induRegiNo'), children: value(company.data.induRegiNo) },
              { key: 'bankName', label: t('company.bankName'), children: value(company.data.bankName) },
              { key: 'accountNo', label: t('company.accountNo'), children: value(company.data.accountNo), span: 2 },
            ]}
          />
        </>
      )}
    </Card>
  );
}
