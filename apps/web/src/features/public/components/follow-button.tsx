import { LoadingOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { AccountType } from '@lvb/contracts/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/lib/notify';
import { hasPermission } from '@/shared/lib/permission';
import { currentUserQuery, useCurrentUser, useSignedIn } from '@/shared/lib/session';
import { follow, followStateQuery, unfollow } from '@/shared/api/hall-projects';
import { useHydrated } from '@/shared/lib/hydrated';
import './project-info.css';

/**
 * "Follow" on a project's public page, for a signed-in supplier allowed to follow projects: antd's
 * primary button (default once followed) in plain HTML. Nothing on a page drawn on the server.
 */
export function FollowButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const sessionUser = useCurrentUser();
  // Public pages do not load the session: read the user here when a token is present.
  const fetched = useQuery({ ...currentUserQuery, enabled: signedIn && !sessionUser });
  const user = hydrated ? (sessionUser ?? fetched.data ?? null) : null;
  const client = useQueryClient();
  const allowed =
    user?.types === AccountType.supplier && hasPermission(['supplier:follow:list'], 'any', user.permissions);
  const state = useQuery({ ...followStateQuery(projectId), enabled: allowed });
  const toggle = useMutation({
    mutationFn: (next: boolean) => (next ? follow(projectId) : unfollow(projectId)),
    onSuccess: (_, next) => {
      feedback().message.success(t(next ? 'projects.follow.followed' : 'projects.follow.unfollowed'));
      void client.invalidateQueries({ queryKey: ['follows'] });
    },
  });
  if (!allowed) return null;
  const followed = state.data === true;
  const busy = state.isPending || toggle.isPending;
  return (
    <button
      type="button"
      className={`plain-button${followed ? '' : ' plain-button--primary'}${busy ? ' pa-button--busy' : ''}`}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) toggle.mutate(!followed);
      }}
    >
      {busy ? (
        <LoadingOutlined aria-hidden="true" />
      ) : followed ? (
        <StarFilled aria-hidden="true" className="pa-star" />
      ) : (
        <StarOutlined aria-hidden="true" />
      )}
      <span>{followed ? t('projects.follow.unfollow') : t('projects.follow.follow')}</span>
    </button>
  );
}
