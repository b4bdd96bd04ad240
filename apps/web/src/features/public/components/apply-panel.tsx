import type { Model } from '@lvb/contracts/projects';
import { FormOutlined, LoadingOutlined } from '@ant-design/icons';
import { AccountType } from '@lvb/contracts/access';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AntdIsland, prepareAntdIsland } from '@/shared/components/antd-island';
import { paths } from '@/shared/config/paths';
import { useDict, dictLabel } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { hasPermission } from '@/shared/lib/permission';
import { currentUserQuery, useCurrentUser, useSignedIn } from '@/shared/lib/session';
import { myApplicationQuery } from '../api/apply';
import type { HallProjectDetail } from '../api/hall';
import { useHydrated } from '@/shared/lib/hydrated';
import { PlainAlert } from './plain-alert';
import { PlainDictTag } from './plain-dict-tag';
import './project-info.css';

/** The pool-draw selection model (`Model.poolDraw`, a copy: the contracts' module brings zod along). */
const POOL_DRAW = 1 satisfies typeof Model.poolDraw;
/** Where a supplier's menu puts its applications (web/project). */
const MY_APPLICATIONS = '/web/project';
/** An application in these statuses leaves the company free to apply again. */
const ENDED = ['withdrawn', 'rejected'];

/**
 * The apply form uses antd: it comes with antd's configuration when first opened (or hovered), so
 * the project page's first load carries neither.
 */
const loadDialog = () => import('./apply-dialog');
const ApplyDialog = lazy(async () => ({ default: (await loadDialog()).ApplyDialog }));
const prepareDialog = () => Promise.all([loadDialog(), prepareAntdIsland()]);

/** A link in the look of antd's small default button. */
function SmallLinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="plain-button pa-small-button">
      {children}
    </Link>
  );
}

/**
 * The apply action of a published project's page: the button and its dialog for a signed-in
 * supplier who may apply now; otherwise why not (sign in, pool draw, dates, company record) or
 * the company's application and its outcome. Whether sign-up is open is the server's word
 * (`signup`, by the database clock), never this browser's clock; the server decides again on
 * every apply. Plain HTML: the dialog (antd) loads when opened.
 */
export function ApplyPanel({ project: p }: { project: HallProjectDetail }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  // A page drawn on the server is drawn for a visitor; the user's own state follows on hydration.
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const sessionUser = useCurrentUser();
  // Public pages do not load the session: read the user here when a token is present.
  const fetched = useQuery({ ...currentUserQuery, enabled: signedIn && !sessionUser });
  const user = hydrated ? (sessionUser ?? fetched.data ?? null) : null;
  const supplier = user?.types === AccountType.supplier;
  const mayApply = supplier && hasPermission(['web:hall:apply'], 'any', user.permissions);
  const mine = useQuery({ ...myApplicationQuery(p.id), enabled: mayApply });
  const statuses = useDict('application_status');
  /** The dialog: never opened, its code downloading, open, or closed again (it stays mounted). */
  const [dialog, setDialog] = useState<'none' | 'loading' | 'open' | 'closed'>('none');

  const note = (text: string, action?: ReactNode) => <PlainAlert title={text} action={action} testId="apply-note" />;

  /** Why no one may apply now, whoever they are: the project's state and its sign-up. */
  const closedNote = () => {
    if (p.status !== 'published') return note(t('applications.apply.notTaking'));
    if (p.signup === 'closed') return note(t('applications.apply.closed'));
    return null;
  };

  if (p.model === POOL_DRAW) return note(t('applications.apply.poolDraw'));
  if (!user) {
    if (signedIn && fetched.isPending) return null;
    // Past sign-up a visitor is told so, not invited to sign in.
    const closed = closedNote();
    if (closed) return closed;
    const signIn = (
      <SmallLinkButton to={`${paths.login}?redirect=${encodeURIComponent(`${paths.itemInfo}?id=${p.id}`)}`}>
        {t('header.signIn')}
      </SmallLinkButton>
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
      <PlainAlert
        type={current.status === 'qualified' ? 'success' : 'info'}
        testId="my-application-state"
        title={t('applications.apply.yours', {
          status: status ? dictLabel(status, i18n.language) : current.status,
        })}
        description={
          current.statusReason ? t('applications.apply.reason', { reason: current.statusReason }) : undefined
        }
        action={<SmallLinkButton to={MY_APPLICATIONS}>{t('applications.apply.myApplications')}</SmallLinkButton>}
      />
    );
  }
  if (user.fix !== 1)
    return note(
      t('applications.apply.incomplete'),
      <SmallLinkButton to={paths.companyEdit}>{t('applications.apply.completeRecord')}</SmallLinkButton>,
    );
  const closed = closedNote();
  if (closed) return closed;
  if (p.signup === 'not_started') return note(t('applications.apply.notOpen', { start: formatTime(p.signupStart) }));

  const loading = dialog === 'loading';
  const open = () => {
    if (dialog === 'loading') return;
    if (dialog !== 'none') {
      setDialog('open');
      return;
    }
    setDialog('loading');
    prepareDialog().then(
      () => setDialog('open'),
      () => {
        setDialog('none');
        feedback().message.error(t('common.loadFailed'));
      },
    );
  };

  return (
    <div className="pa-panel" data-testid="apply-panel">
      {current ? (
        <span className="pa-panel__state">
          <PlainDictTag options={statuses.data} value={current.status} />
          {current.statusReason ? (
            <span>{t('applications.apply.reason', { reason: current.statusReason })}</span>
          ) : null}
        </span>
      ) : null}
      <button
        type="button"
        className={`plain-button plain-button--primary${loading ? ' pa-button--busy' : ''}`}
        aria-busy={loading || undefined}
        onClick={open}
        // The dialog's code and antd's configuration start downloading when the button is pointed at.
        onPointerEnter={() => void prepareDialog().catch(() => undefined)}
        onFocus={() => void prepareDialog().catch(() => undefined)}
      >
        {loading ? <LoadingOutlined aria-hidden="true" /> : <FormOutlined aria-hidden="true" />}
        <span>{t('applications.apply.button')}</span>
      </button>
      {dialog === 'open' || dialog === 'closed' ? (
        <AntdIsland>
          <Suspense fallback={null}>
            <ApplyDialog
              project={p}
              open={dialog === 'open'}
              defaults={{ contactName: user.empName, contactTel: user.logTel ?? '' }}
              onClose={() => setDialog('closed')}
              onApplied={async () => {
                setDialog('closed');
                feedback().message.success(t('applications.done.apply'));
                await client.invalidateQueries({ queryKey: ['hall', 'my-application', p.id] });
              }}
            />
          </Suspense>
        </AntdIsland>
      ) : null}
    </div>
  );
}
