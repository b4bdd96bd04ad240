import {
  BankOutlined,
  ClockCircleOutlined,
  EditOutlined,
  HomeOutlined,
  LockOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { AccountType } from '@lvb/contracts/access';
import { Alert, Avatar, Card, Col, Descriptions, Row, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, useCurrentUser } from '@/shared/lib/session';
import { companySummaryQuery } from '../api/company-summary';
import { useSiteInfo } from '@/shared/lib/site-info';
import { EmployeeHome } from './employee-home';
import { HomeNotices } from './home-notices';
import { SupplierHomeFigures } from './supplier-home';

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greetingMorning';
  if (hour < 18) return 'dashboard.greetingAfternoon';
  return 'dashboard.greetingEvening';
}

/**
 * `/adminindex`: the admin home (fixed tab): the welcome, what waits for an employee and the charts
 * of their scope, or a supplier's own figures; the account, quick actions and the service desk.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const site = useSiteInfo();
  // Fresh account data on every visit (the session copy may be hours old).
  useQuery(currentUserQuery);
  const compId = user?.company?.compId;
  const company = useQuery({ ...companySummaryQuery(compId ?? 0), enabled: !!compId });
  if (!user) return null;
  const complete = (company.data?.fix ?? user.fix) === 1;
  const supplier = user.types === AccountType.supplier;
  const name = user.empName || user.userName;

  const actions: { to: string; icon: ReactNode; label: string }[] = [
    { to: paths.profile, icon: <UserOutlined />, label: t('nav.profile') },
    ...(supplier
      ? [
          { to: paths.companyInfo, icon: <BankOutlined />, label: t('nav.companyInfo') },
          { to: paths.companyEdit, icon: <EditOutlined />, label: t('nav.companyEdit') },
          { to: paths.companyPassword, icon: <LockOutlined />, label: t('nav.companyPwd') },
        ]
      : []),
    { to: paths.home, icon: <HomeOutlined />, label: t('header.nav.home') },
    { to: paths.hall, icon: <SafetyCertificateOutlined />, label: t('header.nav.hall') },
  ];

  return (
    <div className="dashboard" data-testid="dashboard">
      <Card className="page-card dashboard-welcome">
        <Avatar size={56} style={{ background: 'var(--app-primary)', fontSize: 24 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div className="dashboard-welcome__text">
          <h2>{t(greetingKey(new Date().getHours()), { name })}</h2>
          <p>
            <Tag color={supplier ? 'green' : 'blue'}>
              {supplier ? t('dashboard.supplierRole') : t('dashboard.employeeRole')}
            </Tag>
            {supplier ? user.company?.compName : user.deptName}
          </p>
        </div>
      </Card>

      {supplier ? (
        <Alert
          className="dashboard-alert"
          showIcon
          type={complete ? 'success' : 'warning'}
          title={complete ? t('dashboard.companyComplete') : t('dashboard.companyIncomplete')}
          action={
            <Link to={complete ? paths.companyInfo : paths.companyEdit}>
              {complete ? t('nav.companyInfo') : t('nav.companyEdit')}
            </Link>
          }
        />
      ) : null}

      {supplier ? <SupplierHomeFigures /> : <EmployeeHome />}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card className="page-card" title={t('dashboard.account')}>
            <Descriptions
              column={1}
              items={[
                { key: 'userName', label: t('profile.userName'), children: user.userName },
                { key: 'name', label: t('profile.name'), children: user.empName || '—' },
                { key: 'phone', label: t('profile.phone'), children: user.logTel || '—' },
                supplier
                  ? { key: 'company', label: t('profile.company'), children: user.company?.compName || '—' }
                  : { key: 'dept', label: t('profile.department'), children: user.deptName || '—' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card className="page-card" title={t('dashboard.quickActions')}>
            <div className="quick-actions">
              {actions.map((action) => (
                <Link key={action.to} to={action.to} className="quick-actions__item">
                  <span className="quick-actions__icon">{action.icon}</span>
                  <span>{action.label}</span>
                </Link>
              ))}
            </div>
          </Card>
        </Col>
        <Col xs={24}>
          <HomeNotices />
        </Col>
        <Col xs={24}>
          <Card className="page-card" title={t('dashboard.service')}>
            {site.data ? (
              <div className="service-desk">
                <span>
                  <PhoneOutlined /> {t('header.phone')}:{' '}
                  <a href={`tel:${site.data.consultPhone}`}>{site.data.consultPhone}</a>
                </span>
                <span>
                  <ClockCircleOutlined /> {t('header.hours')}:{' '}
                  {t('header.hoursValue', { hours: site.data.serviceHours })}
                </span>
              </div>
            ) : null}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
