import { useTranslation } from 'react-i18next';
import { SectionFrame } from '@/features/public/components/section-frame';
import { PlainEmpty } from './plain-states';

export type PublicSection = 'hall' | 'pub' | 'resultpub' | 'extract' | 'iteminfo' | 'verify';

/**
 * The public listings without published data yet: the draws keep their frame until their module
 * publishes data. The hall, announcements, results and project information have pages of their
 * own (the router loads each section's page on its own). Plain HTML: these pages need no antd.
 */
function EmptySection({ section }: { section: 'extract' }) {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t(`publicPages.${section}`)} intro={t(`publicPages.${section}Intro`)}>
      <PlainEmpty description={t('publicPages.nothingYet')} />
    </SectionFrame>
  );
}

/** `/extract`. */
export function DrawsPage() {
  return <EmptySection section="extract" />;
}
