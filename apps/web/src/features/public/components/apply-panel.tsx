import { Model } from '@lvb/contracts/projects';
import { FormOutlined } from '@ant-design/icons';
import { AccountType } from '@lvb/contracts/access';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { LinkButton } from '@/shared/components/link-button';
import { paths } from '@/shared/config/paths';
import { useDict, dictLabel } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { hasPermission } from '@/shared/lib/permission';
import { currentUserQuery, isSignedIn, useCurrentUser } from '@/shared/lib/session';
import { myApplicationQuery } from '../api/apply';
import type { HallProjectDetail } from '../api/hall';
import { ApplyDialog } from './apply-dialog';

/** Where a supplier's menu puts its applications (web/project). */
const MY_APPLICATIONS = '/web/project';
/** An application in these statuses leaves the company free to apply again. */
const ENDED = ['withdrawn', 'rejected'];

/**
 * The apply action of a published project's page: the button and its dialog for a signed-in
 * supplier who may apply now; otherwise why not (sign in, pool draw, dates, company record) or
 * the company's application and its outcome. Whether sign-up is open is the server's word
 * (`signup`, by the database clock), never this browser's clock; the server decides again on
 * every apply.
 */
export function ApplyPanel({ project: p }: { project: HallProjectDetail }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const sessionUser = useCurrentUser();
  // Public pages do not load the session: read the user here when a token is present.
  const fetched = useQuery({ ...currentUserQuery, enabled: !sessionUser && isSignedIn() });
  const user = sessionUser ?? fetched.data ?? null;
  const supplier = user?.types === AccountType.supplier;
  const mayApply = supplier && hasPermission(['web:hall:apply'], 'any', user.permissions);
  const mine = useQuery({ ...myApplicationQuery(p.id), enabled: mayApply });
  const statuses = useDict('application_status');
  const [open, setOpen] = useState(false);

  const note = (text: string, action?: ReactNode) => (
    <Alert type="info" showIcon title={text} action={action} data-testid="apply-note" />
  );

  /** Why no one may apply now, whoever they are: the project's state and its sign-up. */
  const closedNote = () => {
    if (p.status !== 'published') return note(t('applications.apply.notTaking'));
    if (p.signup === 'closed') return note(t('applications.apply.closed'));
    return null;
  };

  if (p.model === Model.poolDraw) return note(t('applications.apply.poolDraw'));
  if (!user) {
    if (isSignedIn() && fetched.isPending) return null;
    // Past sign-up a visitor is told so, not invited to sign in.
    const closed = closedNote();
    if (closed) return closed;
    const signIn = (
      <LinkButton to={`${paths.login}?redirect=${encodeURIComponent(`${paths.itemInfo}?id=${p.id}`)}`} size="small">
        {t('header.signIn')}
      </LinkButton>
    );
    if (p.signup === 'not_started')
      return note(t('applications.apply.notOpenSignIn', { start: formatTime(p.signupStart) }), signIn);
    return note(t('applications.apply.signIn'), signIn);
  }
  if (!supplier) return note(t('applications.apply.suppliersOnly'));
  if (!mayApply || mine.isPending) return null;

  const current = mine.data;
  if (current && !ENDED.includes(current.status)) {
    const status = statuses.data?.find((o) => o.dictValue === current.status);
    return (
      <Alert
        type={current.status === 'qualified' ? 'success' : 'info'}
        showIcon
        data-testid="my-application-state"
        title={t('applications.apply.yours', {
          status: status ? dictLabel(status, i18n.language) : current.status,
        })}
        description={
          current.statusReason ? t('applications.apply.reason', { reason: current.statusReason }) : undefined
        }
        action={
          <LinkButton to={MY_APPLICATIONS} size="small">
            {t('applications.apply.myApplications')}
          </LinkButton>
        }
      />
    );
  }
  if (user.fix !== 1)
    return note(
      t('applications.apply.incomplete'),
      <LinkButton to={paths.companyEdit} size="small">
        {t('applications.apply.completeRecord')}
      </LinkButton>,
    );
  const closed = closedNote();
  if (closed) return closed;
  if (p.signup === 'not_started') return note(t('applications.apply.notOpen', { start: formatTime(p.signupStart) }));

  return (
    <Space wrap data-testid="apply-panel">
      {current ? (
        <Space size={4}>
          <DictTag options={statuses.data} value={current.status} />
          {current.statusReason ? (
            <span>{t('applications.apply.reason', { reason: current.statusReason })}</span>
          ) : null}
        </Space>
      ) : null}
      <Button type="primary" icon={<FormOutlined />} onClick={() => setOpen(true)}>
        {t('applications.apply.button')}
      </Button>
      <ApplyDialog
        project={p}
        open={open}
        defaults={{ contactName: user.empName, contactTel: user.logTel ?? '' }}
        onClose={() => setOpen(false)}
        onApplied={async () => {
          setOpen(false);
          feedback().message.success(t('applications.done.apply'));
          await client.invalidateQueries({ queryKey: ['hall', 'my-application', p.id] });
        }}
      />
    </Space>
  );
}
