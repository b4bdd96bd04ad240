import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a project's draw or opening is followed as it happens (features/live). */
export const livePath = (projectId: number) => `/live/${projectId}`;

/**
 * "Follow live": a router link to the project's live page, for every page that shows a project
 * with a draw or an opening (staff and suppliers alike). `inline`: among a row's small link
 * buttons, spaced like them.
 */
export function LiveLink({ projectId, inline }: { projectId: number; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={livePath(projectId)}
      data-testid={`live-link-${projectId}`}
      style={{ whiteSpace: 'nowrap', padding: inline ? '0 7px' : undefined }}
    >
      <VideoCameraOutlined /> {t('live.follow')}
    </Link>
  );
}
