import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { feedback } from '@/shared/lib/notify';
import { startSession } from '@/shared/lib/session';
import { safeRedirect } from '@/shared/lib/validation';

/** Stores the token and continues to where the visitor was going (or the admin home). */
export function useCompleteSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (token: string, options: { employee: boolean }) => {
    startSession(token, options);
    feedback().message.success(t('auth.signedIn'));
    void navigate(safeRedirect(search.get('redirect'), paths.adminIndex), { replace: true });
  };
}
