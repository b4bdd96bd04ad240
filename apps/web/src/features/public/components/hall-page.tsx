import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { HallList } from './hall-list';
import { SectionFrame } from './section-frame';

/** `/hall`: the public project hall. */
export function HallPage() {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t('publicPages.hall')} intro={t('publicPages.hallIntro')}>
      <HallList />
    </SectionFrame>
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
