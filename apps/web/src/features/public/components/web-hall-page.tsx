import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { HallList } from './hall-list';

/** `web/hall`: the public hall inside the supplier's shell. */
export default function WebHallPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('publicPages.hall')}>
      <HallList />
    </Card>
  );
}
