import { useTranslation } from 'react-i18next';
import { ProjectTable } from './project-table';

/** `item/project`: the owner's projects — drafts, submission, cancellation, re-issue. */
export default function OwnerProjectsPage() {
  const { t } = useTranslation();
  return (
    <ProjectTable title={t('projects.pages.owner')} kind="all" editable exportPermissions={['project:item:export']} />
  );
}
