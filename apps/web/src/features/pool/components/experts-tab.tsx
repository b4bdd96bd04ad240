import { DeleteOutlined, EditOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { expertWorkflow, type ExpertEvent } from '@lvb/contracts/experts';
import { Perm } from '@lvb/contracts/permissions';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts } from '@/shared/components/facts';
import { ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { DetailDrawer, RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { formatTime, localName } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { confirmAction } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { useSession } from '@/shared/lib/session';
import {
  EXPERTS_URL,
  fetchExpert,
  reinstateExpert,
  removeExpert,
  suspendExpert,
  type ExpertDetail,
  type ExpertRow,
} from '../api/experts';
import { ExpertDialog } from './experts-dialog';
import { ExpertFilters, ExpertTimeline, expertFilter, useExpertColumns, useExpertStatuses } from './experts-parts';

const E = Perm.pool.expert;

/** The expert's facts and its history, with the buttons of the events the caller may fire. */
function ExpertDetailView({ id, buttons }: { id: number; buttons: (e: ExpertRow) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const statuses = useExpertStatuses();
  const detail = useQuery({ queryKey: [EXPERTS_URL, id], queryFn: () => fetchExpert(id) });
  const e: ExpertDetail | undefined = detail.data;
  if (!e) return null;
  const lang = i18n.language;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="pool-expert-detail">
      <Facts
        items={[
          { key: 'name', label: t('pool.expert.field.name'), children: e.name },
          { key: 'account', label: t('pool.expert.field.account'), children: e.loginUid },
          ...(e.deptName ? [{ key: 'dept', label: t('pool.expert.field.department'), children: e.deptName }] : []),
          { key: 'kind', label: t('pool.expert.field.kind'), children: t(`pool.expert.kind.${e.kind}`) },
          {
            key: 'specialty',
            label: t('pool.expert.field.specialty'),
            children: localName(lang, e.typeName, e.typeNameZh),
          },
          {
            key: 'region',
            label: t('pool.expert.field.region'),
            children: localName(lang, e.placeName, e.placeNameZh),
          },
          ...(e.employer ? [{ key: 'employer', label: t('pool.expert.field.employer'), children: e.employer }] : []),
          ...(e.employerCreditCode
            ? [{ key: 'code', label: t('pool.expert.field.employerCreditCode'), children: e.employerCreditCode }]
            : []),
          {
            key: 'validity',
            label: t('pool.expert.field.validity'),
            children: t('pool.field.validityValue', { from: e.validFrom, to: e.validTo }),
          },
          {
            key: 'status',
            label: t('pool.expert.field.status'),
            children: <DictTag options={statuses.dict} value={e.status} />,
          },
          ...(e.statusReason
            ? [{ key: 'reason', label: t('pool.expert.field.reason'), children: e.statusReason }]
            : []),
          ...(e.remark ? [{ key: 'remark', label: t('pool.expert.field.remark'), children: e.remark }] : []),
          { key: 'createdAt', label: t('pool.expert.field.createdAt'), children: formatTime(e.createdAt) },
        ]}
      />
      <Space wrap>{buttons(e)}</Space>
      <Typography.Title level={5}>{t('pool.expert.timeline')}</Typography.Title>
      <ExpertTimeline timeline={e.timeline} />
    </Space>
  );
}

/**
 * The expert pool, the second tab of `marwsup/cbsman`: experts by keyword, specialty, region,
 * kind, status and a day of validity; added and edited in a dialog, suspended with a reason and
 * reinstated (the workflow's buttons the caller may use), removed, opened in a drawer with their
 * history, exported.
 */
export function ExpertsTab() {
  const { t } = useTranslation();
  const session = useSession();
  const records = useRecordList<ExpertRow>(EXPERTS_URL);
  const columns = useExpertColumns();
  const [viewing, setViewing] = useState<ExpertRow | null>(null);
  const [suspending, setSuspending] = useState<ExpertRow | null>(null);
  const idempotency = useIdempotencyKey();

  const moved = async (event: ExpertEvent) => {
    idempotency.answered();
    feedback().message.success(t(`pool.expert.done.${event}`));
    await records.refresh();
  };

  const buttons = (e: ExpertRow, size?: 'small'): ReactNode => {
    const events: readonly ExpertEvent[] = eventsAllowed(expertWorkflow, e.status, session);
    return (
      <>
        {events.includes('suspend') ? (
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            danger
            icon={<PauseCircleOutlined />}
            onClick={() => setSuspending(e)}
          >
            {t('pool.action.suspend')}
          </Button>
        ) : null}
        {events.includes('reinstate') ? (
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            icon={<PlayCircleOutlined />}
            onClick={() =>
              confirmAction(
                t('pool.expert.confirmReinstate', { name: e.name }),
                async () => {
                  await reinstateExpert(e.id, idempotency.keyFor({ expert: e.id, event: 'reinstate' }));
                  await moved('reinstate');
                },
                false,
              )
            }
          >
            {t('pool.action.reinstate')}
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <div data-testid="pool-experts-tab">
      <RecordList<ExpertRow>
        records={records}
        search={<ExpertFilters />}
        toFilter={expertFilter}
        add={[E.add]}
        exportAs={{ permissions: [E.export], fileName: t('pool.expert.exportFile') }}
        columns={columns}
        fixedActions
        rowActions={(e) => (
          <>
            <Authorized permissions={[E.query]}>
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(e)}>
                {t('pool.action.view')}
              </Button>
            </Authorized>
            <Authorized permissions={[E.edit]}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => records.setEditing(e)}>
                {t('pool.action.edit')}
              </Button>
            </Authorized>
            {buttons(e, 'small')}
            <Authorized permissions={[E.remove]}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmAction(t('pool.expert.confirmRemove', { name: e.name }), async () => {
                    await removeExpert(e.id);
                    feedback().message.success(t('pool.expert.removed'));
                    await records.refresh();
                  })
                }
              >
                {t('pool.action.remove')}
              </Button>
            </Authorized>
          </>
        )}
      />
      <ExpertDialog
        open={records.editing !== null}
        row={records.editedRow}
        onClose={records.close}
        onSaved={records.refresh}
      />
      <DetailDrawer
        open={!!viewing}
        title={t('pool.expert.detail', { name: viewing?.name ?? '' })}
        onClose={() => setViewing(null)}
      >
        {viewing ? <ExpertDetailView id={viewing.id} buttons={(e) => buttons(e)} /> : null}
      </DetailDrawer>
      <ReasonDialog
        open={!!suspending}
        title={t('pool.expert.suspendTitle', { name: suspending?.name ?? '' })}
        onCancel={() => setSuspending(null)}
        onSubmit={async (reason) => {
          const e = suspending!;
          await suspendExpert(e.id, reason, idempotency.keyFor({ expert: e.id, event: 'suspend', reason }));
          setSuspending(null);
          await moved('suspend');
        }}
      />
    </div>
  );
}
