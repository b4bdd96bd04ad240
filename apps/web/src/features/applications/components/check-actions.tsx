import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { confirmAction, useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { APPLICATIONS_URL, checkApplication, type ApplicationRow, type CheckEvent } from '../api/applications';

type Checked = Pick<ApplicationRow, 'id' | 'projectName' | 'companyName' | 'actions'>;

/**
 * Qualify (after a confirmation) and reject (with a reason) for the applications on a page: the
 * buttons of one application, shown only for the events the server offers the caller on it, and
 * the one reason dialog.
 */
export function useCheckActions(onDone?: () => void) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [rejecting, setRejecting] = useState<Checked | null>(null);

  const finish = async (event: CheckEvent) => {
    feedback().message.success(t(`applications.done.${event}`));
    onDone?.();
    // Both lists and every detail start with this prefix.
    await invalidate(APPLICATIONS_URL);
  };

  const buttons = (a: Checked, size?: 'small'): ReactNode => (
    <>
      {a.actions.includes('qualify') ? (
        <Authorized permissions={['bid:check:approve']}>
          <Button
            type={size ? 'link' : 'primary'}
            size={size}
            icon={<CheckOutlined />}
            onClick={() =>
              confirmAction(
                t('applications.confirm.qualify', { company: a.companyName, project: a.projectName }),
                async () => {
                  await checkApplication(a.id, 'qualify');
                  await finish('qualify');
                },
                false,
              )
            }
          >
            {t('applications.action.qualify')}
          </Button>
        </Authorized>
      ) : null}
      {a.actions.includes('reject') ? (
        <Authorized permissions={['bid:check:reject']}>
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            danger
            icon={<CloseOutlined />}
            onClick={() => setRejecting(a)}
          >
            {t('applications.action.reject')}
          </Button>
        </Authorized>
      ) : null}
    </>
  );

  const dialog = (
    <ReasonDialog
      open={!!rejecting}
      title={t('applications.rejectTitle', { company: rejecting?.companyName ?? '' })}
      onCancel={() => setRejecting(null)}
      onSubmit={async (reason) => {
        await checkApplication(rejecting!.id, 'reject', reason);
        setRejecting(null);
        await finish('reject');
      }}
    />
  );

  return { buttons, dialog };
}
