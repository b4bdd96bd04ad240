import { useTranslation } from 'react-i18next';
import { ProjectTable } from './project-table';

/** `item/cxitem`: every project the caller may see, with all filters and the export. */
export default function QueryProjectsPage() {
  const { t } = useTranslation();
  return <ProjectTable title={t('projects.pages.query')} kind="all" exportPermissions={['project:query:export']} />;
}
