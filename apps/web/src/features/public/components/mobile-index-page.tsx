import {
  AuditOutlined,
  BankOutlined,
  DesktopOutlined,
  LoginOutlined,
  NotificationOutlined,
  PhoneOutlined,
  TrophyOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/shared/components/brand-mark';
import { LanguageSwitch } from '@/shared/components/language-switch';
import { paths } from '@/shared/config/paths';
import { MobileLatest } from '@/features/public/components/mobile-latest';
import { useSignedIn } from '@/shared/lib/session';
import { useSiteInfo } from '@/shared/lib/site-info';

/** `/mindex`: a phone-sized entrance to the platform, without antd (a plain route). */
export function MobileIndexPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const site = useSiteInfo();
  const entries: { to: string; icon: ReactNode; label: string }[] = [
    { to: paths.hall, icon: <BankOutlined />, label: t('header.nav.hall') },
    { to: paths.pub, icon: <NotificationOutlined />, label: t('header.nav.pub') },
    { to: paths.resultPub, icon: <TrophyOutlined />, label: t('header.nav.resultpub') },
    { to: paths.extract, icon: <AuditOutlined />, label: t('header.nav.extract') },
    signedIn
      ? { to: paths.adminIndex, icon: <LoginOutlined />, label: t('header.workbench') }
      : { to: paths.webLogin, icon: <LoginOutlined />, label: t('header.signIn') },
    { to: paths.webRegister, icon: <UserAddOutlined />, label: t('header.register') },
  ];
  return (
    <div className="mobile-index">
      <header className="mobile-index__header">
        <div className="mobile-index__brand">
          <BrandMark size={36} />
          <span>
            <strong>{t('app.shortName')}</strong>
            <small>{t('app.guaranteeName')}</small>
          </span>
        </div>
        <LanguageSwitch compact className="mobile-index__lang" />
      </header>
      <main>
        <section className="mobile-index__welcome">
          <h1>{t('header.welcome', { name: t('app.guaranteeName') })}</h1>
          <p>{t('home.heroText')}</p>
        </section>
        <h2 className="mobile-index__title">{t('mobile.entries')}</h2>
        <nav className="mobile-index__grid">
          {entries.map((entry) => (
            <Link key={entry.to} to={entry.to} className="mobile-index__entry">
              <span className="mobile-index__icon">{entry.icon}</span>
              <span>{entry.label}</span>
            </Link>
          ))}
        </nav>
        <MobileLatest />
        {site.data ? (
          <section className="mobile-index__contact">
            <div>
              {t('header.hours')}: {t('header.hoursValue', { hours: site.data.serviceHours })}
            </div>
            <a
              className="plain-button plain-button--primary plain-button--large plain-button--block"
              href={`tel:${site.data.consultPhone}`}
            >
              <PhoneOutlined />
              <span>
                {t('mobile.call')} {site.data.consultPhone}
              </span>
            </a>
          </section>
        ) : null}
      </main>
      <footer className="mobile-index__footer">
        <Link to={paths.home}>
          <DesktopOutlined /> {t('mobile.desktop')}
        </Link>
      </footer>
    </div>
  );
}
