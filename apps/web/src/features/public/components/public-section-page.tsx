import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { HallPage } from '@/features/public/components/hall-page';
import { NoticesPage } from '@/features/public/components/notices-page';
import { ProjectInfoPage } from '@/features/public/components/project-info';

export type PublicSection = 'hall' | 'pub' | 'resultpub' | 'extract' | 'iteminfo';

/**
 * A public listing page: the hall, announcements and project information show the published
 * data (the hall and notices pages here); results and draws keep their frame until their modules publish data.
 */
export function PublicSectionPage({ section }: { section: PublicSection }) {
  if (section === 'hall') return <HallPage />;
  if (section === 'pub') return <NoticesPage />;
  if (section === 'iteminfo') return <ProjectInfoPage />;
  return <EmptySection section={section} />;
}

function EmptySection({ section }: { section: PublicSection }) {
  const { t } = useTranslation();
  return (
    <div className="public-container public-section">
      <div className="public-section__head">
        <h1>{t(`publicPages.${section}`)}</h1>
        <p>{t(`publicPages.${section}Intro`)}</p>
      </div>
      <Card>
        <Empty description={t('publicPages.nothingYet')} />
      </Card>
    </div>
  );
}
