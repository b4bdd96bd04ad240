import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { feedback } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { safeRedirect } from '@/lib/validation';

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
