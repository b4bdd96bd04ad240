import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/lib/session';
import { companyQuery, type Company } from '../api/company';

interface OwnCompanyCardProps {
  title: string;
  extra?: ReactNode;
  /** Lines of the placeholder while the record loads, about as many as the page shows. */
  loadingRows: number;
  children: (company: Company) => ReactNode;
}

/**
 * A card about the signed-in supplier's own company: the record once it has loaded, a placeholder
 * meanwhile, a retry when it could not be read, and a note for a user without a company.
 */
export function OwnCompanyCard({ title, extra, loadingRows, children }: OwnCompanyCardProps) {
  const { t } = useTranslation();
  const compId = useCurrentUser()?.company?.compId;
  const company = useQuery({ ...companyQuery(compId ?? 0), enabled: !!compId });

  if (!compId) {
    return (
      <Card className="page-card">
        <Empty description={t('company.noCompany')} />
      </Card>
    );
  }
  return (
    <Card className="page-card" title={title} extra={extra}>
      {company.isPending ? (
        <Skeleton active paragraph={{ rows: loadingRows }} />
      ) : company.isError ? (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          subTitle={company.error.message}
          extra={<Button onClick={() => void company.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        children(company.data)
      )}
    </Card>
  );
}
