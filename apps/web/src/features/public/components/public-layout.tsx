import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PublicHeader } from './public-header';

/** Frame of the public pages: header, page body, footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="public-container">{t('app.copyright', { year: new Date().getFullYear() })}</div>
      </footer>
    </div>
  );
}
