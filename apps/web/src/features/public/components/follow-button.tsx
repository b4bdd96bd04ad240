import { StarFilled, StarOutlined } from '@ant-design/icons';
import { AccountType } from '@lvb/contracts/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/lib/notify';
import { hasPermission } from '@/shared/lib/permission';
import { currentUserQuery, isSignedIn, useCurrentUser } from '@/shared/lib/session';
import { follow, followStateQuery, unfollow } from '@/shared/api/hall-projects';

/** "Follow" on a project's public page, for a signed-in supplier allowed to follow projects. */
export function FollowButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const sessionUser = useCurrentUser();
  // Public pages do not load the session: read the user here when a token is present.
  const fetched = useQuery({ ...currentUserQuery, enabled: !sessionUser && isSignedIn() });
  const user = sessionUser ?? fetched.data ?? null;
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
  return (
    <Button
      type={followed ? 'default' : 'primary'}
      icon={followed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      loading={state.isPending || toggle.isPending}
      onClick={() => toggle.mutate(!followed)}
    >
      {followed ? t('projects.follow.unfollow') : t('projects.follow.follow')}
    </Button>
  );
}
