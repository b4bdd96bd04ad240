import { MailOutlined, PhoneOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { AccountType } from '@lvb/contracts/access';
import { Avatar, Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/shared/components/change-password-form';
import { useCurrentUser } from '@/shared/lib/session';

/**
 * `/user/profile`: the signed-in user's details and password change; for an employee also
 * `certificates`, their certificate bindings when the app adds them (suppliers bind theirs on the
 * company page).
 */
export function ProfilePage({ certificates }: { certificates?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  const notSet = <span className="muted">{t('common.notSet')}</span>;
  const employee = user.types === AccountType.employee;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card className="page-card profile-card" data-testid="profile-card">
          <div className="profile-card__head">
            <Avatar size={72} style={{ background: 'var(--app-primary)', fontSize: 30 }}>
              {(user.empName || user.userName).slice(0, 1).toUpperCase()}
            </Avatar>
            <h2>{user.empName || user.userName}</h2>
            <Tag color={employee ? 'blue' : 'green'}>{employee ? t('profile.employee') : t('profile.supplier')}</Tag>
          </div>
          <Descriptions
            column={1}
            size="small"
            className="profile-card__details"
            items={[
              {
                key: 'userName',
                label: (
                  <Space>
                    <UserOutlined />
                    {t('profile.userName')}
                  </Space>
                ),
                children: user.userName,
              },
              {
                key: 'phone',
                label: (
                  <Space>
                    <PhoneOutlined />
                    {t('profile.phone')}
                  </Space>
                ),
                children: user.logTel || notSet,
              },
              employee
                ? {
                    key: 'dept',
                    label: (
                      <Space>
                        <TeamOutlined />
                        {t('profile.department')}
                      </Space>
                    ),
                    children: user.deptName || notSet,
                  }
                : {
                    key: 'company',
                    label: (
                      <Space>
                        <TeamOutlined />
                        {t('profile.company')}
                      </Space>
                    ),
                    children: user.company?.compName || notSet,
                  },
              {
                key: 'roles',
                label: (
                  <Space>
                    <MailOutlined />
                    {t('profile.roles')}
                  </Space>
                ),
                children: (
                  <Space size={[4, 4]} wrap>
                    {user.roles.map((role) => (
                      <Tag key={role}>{role}</Tag>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card className="page-card" title={t('profile.basic')}>
          <Descriptions
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'name', label: t('profile.name'), children: user.empName || notSet },
              { key: 'userName', label: t('profile.userName'), children: user.userName },
              {
                key: 'type',
                label: t('profile.accountType'),
                children: employee ? t('profile.employee') : t('profile.supplier'),
              },
              { key: 'phone', label: t('profile.phone'), children: user.logTel || notSet },
            ]}
          />
        </Card>
        <Card className="page-card" title={t('profile.changePassword')} style={{ marginTop: 16 }}>
          <ChangePasswordForm />
        </Card>
      </Col>
      {employee && certificates ? <Col xs={24}>{certificates}</Col> : null}
    </Row>
  );
}
