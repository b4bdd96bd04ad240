import { DeleteOutlined, EditOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { poolMemberWorkflow, type PoolMemberEvent } from '@lvb/contracts/pool-member-workflow';
import { Perm } from '@lvb/contracts/permissions';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts } from '@/shared/components/facts';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { DetailDrawer, RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { formatTime, localName } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { confirmAction } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { usePermission } from '@/shared/lib/permission';
import { useSession } from '@/shared/lib/session';
import {
  fetchMember,
  MEMBERS_URL,
  reinstateMember,
  removeMember,
  suspendMember,
  type MemberDetail,
  type MemberRow,
} from '../api/pool';
import { ExpertsTab } from './experts-tab';
import { MemberDialog } from './member-dialog';
import { MemberFilters, memberFilter } from './member-filters';
import { MemberTimeline, useMemberColumns, usePoolStatuses } from './pool-parts';

const M = Perm.pool.member;

/** The member's facts and its history, with the buttons of the events the caller may fire. */
function MemberDetailView({ id, buttons }: { id: number; buttons: (m: MemberRow) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const statuses = usePoolStatuses();
  const detail = useQuery({ queryKey: [MEMBERS_URL, id], queryFn: () => fetchMember(id) });
  const m: MemberDetail | undefined = detail.data;
  if (!m) return null;
  const lang = i18n.language;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="pool-member-detail">
      <Facts
        items={[
          { key: 'company', label: t('pool.field.company'), children: m.companyName },
          { key: 'creditCode', label: t('pool.field.creditCode'), children: m.creditCode },
          { key: 'type', label: t('pool.field.type'), children: localName(lang, m.typeName, m.typeNameZh) },
          ...(m.subCategoryName
            ? [
                {
                  key: 'sub',
                  label: t('pool.field.subCategory'),
                  children: localName(lang, m.subCategoryName, m.subCategoryNameZh),
                },
              ]
            : []),
          { key: 'region', label: t('pool.field.region'), children: localName(lang, m.placeName, m.placeNameZh) },
          {
            key: 'validity',
            label: t('pool.field.validity'),
            children: t('pool.field.validityValue', { from: m.validFrom, to: m.validTo }),
          },
          {
            key: 'status',
            label: t('pool.field.status'),
            children: <DictTag options={statuses.dict} value={m.status} />,
          },
          ...(m.statusReason ? [{ key: 'reason', label: t('pool.field.reason'), children: m.statusReason }] : []),
          ...(m.remark ? [{ key: 'remark', label: t('pool.field.remark'), children: m.remark }] : []),
          { key: 'createdAt', label: t('pool.field.createdAt'), children: formatTime(m.createdAt) },
        ]}
      />
      <Space wrap>{buttons(m)}</Space>
      <Typography.Title level={5}>{t('pool.member.timeline')}</Typography.Title>
      <MemberTimeline timeline={m.timeline} />
    </Space>
  );
}

/**
 * `marwsup/cbsman`: the contractor pool's members by keyword, type, region, status and a day of
 * validity; added and edited in a dialog, suspended with a reason and reinstated (the workflow's
 * buttons the caller may use), removed, opened in a drawer with their history, exported. A second
 * tab, for holders of `pool:expert:list`, keeps the expert pool (experts-tab.tsx).
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { hasPermission } = usePermission();
  const records = useRecordList<MemberRow>(MEMBERS_URL);
  const columns: TableColumnsType<MemberRow> = [
    ...useMemberColumns(),
    { key: 'createdAt', title: t('pool.field.createdAt'), render: (_, m) => formatTime(m.createdAt) },
  ];
  const [viewing, setViewing] = useState<MemberRow | null>(null);
  const [suspending, setSuspending] = useState<MemberRow | null>(null);
  const idempotency = useIdempotencyKey();

  const moved = async (event: PoolMemberEvent) => {
    idempotency.answered();
    feedback().message.success(t(`pool.member.done.${event}`));
    await records.refresh();
  };

  const buttons = (m: MemberRow, size?: 'small'): ReactNode => {
    const events: readonly PoolMemberEvent[] = eventsAllowed(poolMemberWorkflow, m.status, session);
    return (
      <>
        {events.includes('suspend') ? (
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            danger
            icon={<PauseCircleOutlined />}
            onClick={() => setSuspending(m)}
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
                t('pool.member.confirmReinstate', { company: m.companyName }),
                async () => {
                  await reinstateMember(m.id, idempotency.keyFor({ member: m.id, event: 'reinstate' }));
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

  const contractors = (
    <>
      <RecordList<MemberRow>
        records={records}
        search={<MemberFilters />}
        toFilter={memberFilter}
        add={[M.add]}
        exportAs={{ permissions: [M.export], fileName: 'contractor-pool.xlsx' }}
        columns={columns}
        fixedActions
        rowActions={(m) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(m)}>
              {t('pool.action.view')}
            </Button>
            <Authorized permissions={[M.edit]}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => records.setEditing(m)}>
                {t('pool.action.edit')}
              </Button>
            </Authorized>
            {buttons(m, 'small')}
            <Authorized permissions={[M.remove]}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmAction(t('pool.member.confirmRemove', { company: m.companyName }), async () => {
                    await removeMember(m.id);
                    feedback().message.success(t('pool.member.removed'));
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
      <MemberDialog
        open={records.editing !== null}
        row={records.editedRow}
        onClose={records.close}
        onSaved={records.refresh}
      />
      <DetailDrawer
        open={!!viewing}
        title={t('pool.member.detail', { company: viewing?.companyName ?? '' })}
        onClose={() => setViewing(null)}
      >
        {viewing ? <MemberDetailView id={viewing.id} buttons={(m) => buttons(m)} /> : null}
      </DetailDrawer>
      <ReasonDialog
        open={!!suspending}
        title={t('pool.member.suspendTitle', { company: suspending?.companyName ?? '' })}
        onCancel={() => setSuspending(null)}
        onSubmit={async (reason) => {
          const m = suspending!;
          await suspendMember(m.id, reason, idempotency.keyFor({ member: m.id, event: 'suspend', reason }));
          setSuspending(null);
          await moved('suspend');
        }}
      />
    </>
  );

  return (
    <ListFrame testId="pool-members-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'contractors', label: t('pool.tabs.contractors'), children: contractors },
          ...(hasPermission([Perm.pool.expert.list])
            ? [{ key: 'experts', label: t('pool.tabs.experts'), children: <ExpertsTab /> }]
            : []),
        ]}
      />
    </ListFrame>
  );
}
