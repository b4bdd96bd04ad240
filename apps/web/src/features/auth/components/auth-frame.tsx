import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import bannerUrl from '@/assets/banner.svg';
import { BrandMark } from '@/shared/components/brand-mark';
import { LanguageSwitch } from '@/shared/components/language-switch';
import { paths } from '@/shared/config/paths';
import { CheckCircleIcon, HomeIcon } from './auth-icons';
import './auth-frame.css';

interface AuthFrameProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/**
 * Shared frame of the sign-in and registration pages: brand panel beside a form card. It carries no
 * antd (the sign-in pages render outside antd's ConfigProvider).
 */
export function AuthFrame({ title, subtitle, children, footer, wide }: AuthFrameProps) {
  const { t } = useTranslation();
  const points = [t('home.hallDesc'), t('home.guaranteeDesc'), t('home.extractDesc')];
  return (
    <div className="auth-page" style={{ backgroundImage: `url("${bannerUrl}")` }}>
      <header className="auth-page__bar">
        <Link to={paths.home} className="auth-page__home">
          <HomeIcon /> {t('auth.backHome')}
        </Link>
        <LanguageSwitch className="auth-page__lang" />
      </header>
      <div className={wide ? 'auth-shell auth-shell--wide' : 'auth-shell'}>
        <aside className="auth-brand">
          <div className="auth-brand__logo">
            <BrandMark size={52} />
            <span>
              <strong>{t('app.shortName')}</strong>
              <small>{t('app.guaranteeName')}</small>
            </span>
          </div>
          <h2>{t('home.heroTitle')}</h2>
          <ul>
            {points.map((point) => (
              <li key={point}>
                <CheckCircleIcon /> {point}
              </li>
            ))}
          </ul>
        </aside>
        <main className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          <p className="auth-card__subtitle">{subtitle}</p>
          {children}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </main>
      </div>
    </div>
  );
}
