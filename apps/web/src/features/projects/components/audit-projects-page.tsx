import { useTranslation } from 'react-i18next';
import { ProjectTable } from './project-table';

/** `item/nocheck` and `manager/itemaudit`: projects waiting for audit, oldest first. */
export default function AuditProjectsPage() {
  const { t } = useTranslation();
  return <ProjectTable title={t('projects.pages.audit')} kind="pending" />;
}
