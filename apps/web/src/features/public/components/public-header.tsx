import {
  ClockCircleOutlined,
  LoginOutlined,
  LogoutOutlined,
  PhoneOutlined,
  UserAddOutlined,
  AppstoreOutlined,
} from '@ant-design/icons';
import { HEADER_LOGO_WIDTH_PX } from '@lvb/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import bannerUrl from '@/assets/banner.svg';
import { BrandMark } from '@/shared/components/brand-mark';
import { LanguageSwitch } from '@/shared/components/language-switch';
import { PlainSkeletonBar } from '@/shared/components/plain-skeleton';
import { paths } from '@/shared/config/paths';
import { reloadAt } from '@/shared/lib/navigation';
import { feedback } from '@/shared/lib/notify';
import { logout, useSignedIn } from '@/shared/lib/session';
import { useSiteInfo } from '@/shared/lib/site-info';

const navItems = [
  { to: paths.home, key: 'home', end: true },
  { to: paths.hall, key: 'hall' },
  { to: paths.pub, key: 'pub' },
  { to: paths.resultPub, key: 'resultpub' },
  { to: paths.extract, key: 'extract' },
  { to: paths.verify, key: 'verify' },
] as const;

/**
 * Header of every public page (spec §2): welcome strip with phone and hours from site-info, the
 * banner with the 300 px logo, and the sign-in or sign-out link. Without antd: the home page is plain.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const signedIn = useSignedIn();

  const confirmExit = () => {
    feedback().modal.confirm({
      title: t('header.exitTitle'),
      content: t('header.exitConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        reloadAt(paths.home);
      },
    });
  };

  return (
    <header className="public-header">
      <div className="public-topbar">
        <div className="public-container public-topbar__inner">
          <span className="public-topbar__welcome" data-testid="welcome-text">
            {t('header.welcome', { name: t('app.guaranteeName') })}
          </span>
          <span className="public-topbar__contact">
            {site.isPending ? (
              <PlainSkeletonBar width={260} height={18} />
            ) : site.data ? (
              <>
                <span data-testid="consult-phone">
                  <PhoneOutlined /> {t('header.phone')}:{' '}
                  <a href={`tel:${site.data.consultPhone}`}>{site.data.consultPhone}</a>
                </span>
                <span className="public-topbar__hours" data-testid="service-hours">
                  <ClockCircleOutlined /> {t('header.hours')}:{' '}
                  {t('header.hoursValue', { hours: site.data.serviceHours })}
                </span>
              </>
            ) : null}
          </span>
          <span className="public-topbar__actions">
            <LanguageSwitch className="public-topbar__button" />
            {signedIn ? (
              <>
                <Link to={paths.adminIndex} className="public-topbar__link">
                  <AppstoreOutlined /> {t('header.workbench')}
                </Link>
                <a
                  className="public-topbar__link"
                  onClick={confirmExit}
                  role="button"
                  tabIndex={0}
                  data-testid="public-signout"
                >
                  <LogoutOutlined /> {t('header.signOut')}
                </a>
              </>
            ) : (
              <>
                <Link to={paths.webLogin} className="public-topbar__link" data-testid="public-signin">
                  <LoginOutlined /> {t('header.signIn')}
                </Link>
                <Link to={paths.webRegister} className="public-topbar__link">
                  <UserAddOutlined /> {t('header.register')}
                </Link>
              </>
            )}
          </span>
        </div>
      </div>
      <div className="public-banner" style={{ backgroundImage: `url("${bannerUrl}")` }}>
        <div className="public-container public-banner__inner">
          <Link to={paths.home} className="public-logo" style={{ width: HEADER_LOGO_WIDTH_PX }}>
            <BrandMark size={46} />
            <span className="public-logo__text">
              <strong>{t('app.shortName')}</strong>
              <small>{t('app.guaranteeName')}</small>
            </span>
          </Link>
          <nav className="public-nav" aria-label={t('header.nav.home')}>
            {navItems.map((item) => (
              <NavLink key={item.key} to={item.to} end={'end' in item ? item.end : false} className="public-nav__item">
                {t(`header.nav.${item.key}`)}
              </NavLink>
            ))}
          </nav>
        </div>
      </div>
    </header>
  );
}
