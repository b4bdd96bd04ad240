import {
  AuditOutlined,
  BankOutlined,
  FileSearchOutlined,
  MobileOutlined,
  NotificationOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { isSignedIn } from '@/shared/lib/session';
import { useSiteInfo } from '@/shared/lib/site-info';
import { LinkButton } from '@/shared/components/link-button';

interface ServiceEntry {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}

/** Public home `/`: what the platform does, its entrances and how to get started. */
export function HomePage() {
  const { t } = useTranslation();
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
          {isSignedIn() ? (
            <LinkButton to={paths.adminIndex} type="primary" size="large" block>
              {t('header.workbench')}
            </LinkButton>
          ) : (
            <>
              <LinkButton to={paths.webLogin} type="primary" size="large" block>
                {t('home.supplierEntry')}
              </LinkButton>
              <LinkButton to={paths.webRegister} size="large" block>
                {t('home.registerEntry')}
              </LinkButton>
              <Link to={paths.adminLogin} className="home-hero__admin">
                {t('home.adminEntry')}
              </Link>
            </>
          )}
        </div>
      </section>

      <h2 className="section-title">{t('home.servicesTitle')}</h2>
      <Row gutter={[16, 16]}>
        {services.map((service) => (
          <Col key={service.to + service.title} xs={24} sm={12} lg={8}>
            <Link to={service.to} className="service-card-link">
              <Card hoverable className="service-card">
                <span className="service-card__icon">{service.icon}</span>
                <span className="service-card__body">
                  <strong>{service.title}</strong>
                  <span>{service.description}</span>
                </span>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>

      <h2 className="section-title">{t('home.stepsTitle')}</h2>
      <Card className="home-steps">
        <Steps
          responsive
          current={-1}
          items={steps.map((step) => ({
            title: t(`home.steps.${step}`),
            content: t(`home.steps.${step}Desc`),
          }))}
        />
      </Card>

      <Card className="home-contact">
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
      </Card>
    </div>
  );
}
