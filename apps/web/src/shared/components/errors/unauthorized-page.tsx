import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';

/** The 401 page (spec §2). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="error-page" data-testid="unauthorized">
      <Result
        status="403"
        title="401"
        subTitle={
          <>
            <strong className="error-page__heading">{t('errors.unauthorizedTitle')}</strong>
            <span>{t('errors.unauthorizedText')}</span>
          </>
        }
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(-1)}>{t('errors.goBack')}</Button>
            <Link to={paths.home}>
              <Button type="primary">{t('errors.backHome')}</Button>
            </Link>
          </Space>
        }
      />
    </div>
  );
}
