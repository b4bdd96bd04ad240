import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/shared/components/change-password-form';

/** `/company/editpwd`: the supplier user's password change. */
export function CompanyPasswordPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('company.pwdTitle')}>
      <ChangePasswordForm />
    </Card>
  );
}
