import { useTranslation } from 'react-i18next';
import { SectionFrame } from '@/features/public/components/section-frame';
import { PlainEmpty } from './plain-states';

export type PublicSection = 'hall' | 'pub' | 'resultpub' | 'extract' | 'iteminfo';

/**
 * The public listings without published data yet: results and draws keep their frame until their
 * modules publish data. The hall, announcements and project information have pages of their own
 * (the router loads each section's page on its own). Plain HTML: these pages need no antd.
 */
function EmptySection({ section }: { section: 'resultpub' | 'extract' }) {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t(`publicPages.${section}`)} intro={t(`publicPages.${section}Intro`)}>
      <PlainEmpty description={t('publicPages.nothingYet')} />
    </SectionFrame>
  );
}

/** `/resultpub`. */
export function ResultsPage() {
  return <EmptySection section="resultpub" />;
}

/** `/extract`. */
export function DrawsPage() {
  return <EmptySection section="extract" />;
}
