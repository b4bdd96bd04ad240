import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page';

/** Shown when a page throws while loading or rendering. */
export function CrashPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      status="error"
      texts="crash"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
