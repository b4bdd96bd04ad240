import { useTranslation } from 'react-i18next';
import { HallList } from './hall-list';
import { SectionFrame } from './section-frame';

/** `/hall`: the public project hall (`web-hall-page.tsx` is the same hall inside the supplier's shell). */
export function HallPage() {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t('publicPages.hall')} intro={t('publicPages.hallIntro')}>
      <HallList />
    </SectionFrame>
  );
}
