import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackHomeButton, ErrorPage } from './error-page';

/** The 401 page (spec §2). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      testId="unauthorized"
      status="403"
      code="401"
      texts="unauthorized"
      extra={
        <Space wrap>
          <Button onClick={() => void navigate(-1)}>{t('errors.goBack')}</Button>
          <BackHomeButton />
        </Space>
      }
    />
  );
}
