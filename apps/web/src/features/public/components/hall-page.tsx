import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { HallList } from './hall-list';

/** `/hall`: the public project hall. */
export function HallPage() {
  const { t } = useTranslation();
  return (
    <div className="public-container public-section">
      <div className="public-section__head">
        <h1>{t('publicPages.hall')}</h1>
        <p>{t('publicPages.hallIntro')}</p>
      </div>
      <Card>
        <HallList />
      </Card>
    </div>
  );
}

/** `web/hall`: the same hall inside the supplier's shell. */
export default function WebHallPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('publicPages.hall')}>
      <HallList />
    </Card>
  );
}
