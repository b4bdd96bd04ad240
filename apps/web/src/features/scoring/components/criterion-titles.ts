import { useTranslation } from 'react-i18next';
import { localName } from '@/shared/lib/format';
import type { Criterion } from '../api/scoring-detail';

/** A criterion's name in the interface language, and its column title with its maximum. */
export function useCriterionTitles(criteria: Criterion[]) {
  const { t, i18n } = useTranslation();
  const label = (index: number) => localName(i18n.language, criteria[index]!.name, criteria[index]!.nameZh);
  return {
    label,
    title: (index: number) => t('scoring.criterionMax', { name: label(index), max: criteria[index]!.max }),
  };
}
