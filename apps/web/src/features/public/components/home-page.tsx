import {
  AuditOutlined,
  BankOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  MobileOutlined,
  NotificationOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useSignedIn } from '@/shared/lib/session';
import { useSiteInfo } from '@/shared/lib/site-info';

/** The hero's entrances: links in the look of antd's large block buttons (global.css `.plain-button`). */
const heroButton = 'plain-button plain-button--large plain-button--block';

interface ServiceEntry {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}

/**
 * Public home `/`: what the platform does, its entrances and how to get started. Its cards and
 * steps are plain HTML styled like antd's (global.css `.home-card`, `.home-steps`): antd's Card
 * and Steps would bring tabs, menus, tooltips and the form engine to the first page of most visits.
 * The page is plain (no antd at all): its entrances are links styled as buttons.
 */
export function HomePage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const site = useSiteInfo();
  const services: ServiceEntry[] = [
    { to: paths.hall, icon: <BankOutlined />, title: t('header.nav.hall'), description: t('home.hallDesc') },
    { to: paths.pub, icon: <NotificationOutlined />, title: t('header.nav.pub'), description: t('home.pubDesc') },
    {
      to: paths.resultPub,
      icon: <TrophyOutlined />,
      title: t('header.nav.resultpub'),
      description: t('home.resultpubDesc'),
    },
    { to: paths.extract, icon: <AuditOutlined />, title: t('header.nav.extract'), description: t('home.extractDesc') },
    {
      to: paths.verify,
      icon: <FileProtectOutlined />,
      title: t('header.nav.verify'),
      description: t('home.verifyDesc'),
    },
    {
      to: paths.webLogin,
      icon: <SafetyCertificateOutlined />,
      title: t('home.guaranteeTitle'),
      description: t('home.guaranteeDesc'),
    },
    {
      to: paths.mobileIndex,
      icon: <MobileOutlined />,
      title: t('header.nav.mobile'),
      description: t('home.mobileDesc'),
    },
  ];
  const steps = ['register', 'complete', 'apply', 'guarantee', 'result'] as const;

  return (
    <div className="public-container home">
      <section className="home-hero">
        <div className="home-hero__text">
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
        </div>
        <div className="home-hero__actions">
          {signedIn ? (
            <Link to={paths.adminIndex} className={`${heroButton} plain-button--primary`}>
              {t('header.workbench')}
            </Link>
          ) : (
            <>
              <Link to={paths.webLogin} className={`${heroButton} plain-button--primary`}>
                {t('home.supplierEntry')}
              </Link>
              <Link to={paths.webRegister} className={heroButton}>
                {t('home.registerEntry')}
              </Link>
              <Link to={paths.adminLogin} className="home-hero__admin">
                {t('home.adminEntry')}
              </Link>
            </>
          )}
        </div>
      </section>

      <h2 className="section-title">{t('home.servicesTitle')}</h2>
      <ul className="service-grid">
        {services.map((service) => (
          <li key={service.to + service.title}>
            <Link to={service.to} className="service-card-link">
              <span className="home-card home-card--hoverable service-card">
                <span className="service-card__icon">{service.icon}</span>
                <span className="service-card__body">
                  <strong>{service.title}</strong>
                  <span>{service.description}</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <h2 className="section-title">{t('home.stepsTitle')}</h2>
      <div className="home-card home-steps">
        <ol className="home-steps__list">
          {steps.map((step, index) => (
            <li key={step} className="home-steps__item">
              <span className="home-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="home-steps__text">
                <strong>{t(`home.steps.${step}`)}</strong>
                <span>{t(`home.steps.${step}Desc`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>

      <div className="home-card home-contact">
        <div className="home-contact__inner">
          <FileSearchOutlined className="home-contact__icon" />
          <div>
            <strong>{t('home.contactTitle')}</strong>
            <p>{t('home.contactText')}</p>
          </div>
          {site.data ? (
            <a href={`tel:${site.data.consultPhone}`} className="home-contact__phone">
              <PhoneOutlined /> {site.data.consultPhone}
              <small>{t('header.hoursValue', { hours: site.data.serviceHours })}</small>
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
