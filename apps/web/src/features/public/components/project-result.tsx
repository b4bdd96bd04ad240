import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PublicResultView } from '@/shared/components/public-result';
import { publicResultQuery } from '../api/results';

/**
 * The project page's result, once the project has one (in publicity, awarded and after, or failed):
 * nothing before, nothing while it loads (the rest of the page does not wait for it), nothing when
 * it cannot be loaded. Plain HTML in the look of the page's cards.
 */
export function ProjectResultSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const result = useQuery(publicResultQuery(projectId));
  if (!result.data) return null;
  return (
    <section className="home-card" aria-labelledby="project-result-title" data-testid="project-result">
      <h2 id="project-result-title" className="pr-title">
        {t('publicResults.title')}
      </h2>
      <PublicResultView result={result.data} />
    </section>
  );
}
