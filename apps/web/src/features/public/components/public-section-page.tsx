import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { HallPage } from '@/features/public/components/hall-page';
import { NoticesPage } from '@/features/public/components/notices-page';
import { ProjectInfoPage } from '@/features/public/components/project-info';
import { SectionFrame } from '@/features/public/components/section-frame';

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
    <SectionFrame title={t(`publicPages.${section}`)} intro={t(`publicPages.${section}Intro`)}>
      <Empty description={t('publicPages.nothingYet')} />
    </SectionFrame>
  );
}
