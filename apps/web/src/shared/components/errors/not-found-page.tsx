import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';

/** The 404 page: `/404` and any unknown path (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="error-page" data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <strong className="error-page__heading">{t('errors.notFoundTitle')}</strong>
            <span>{t('errors.notFoundText')}</span>
          </>
        }
        extra={
          <Link to={paths.home}>
            <Button type="primary">{t('errors.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
