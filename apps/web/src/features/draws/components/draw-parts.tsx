import { drawWorkflow, type DrawEvent } from '@lvb/contracts/draw-workflow';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton, Space, Table, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts } from '@/shared/components/facts';
import { LiveLink } from '@/shared/components/live-link';
import { DetailDrawer } from '@/shared/components/list-kit/list-page';
import type { DictOption } from '@/shared/lib/dict';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { useSession } from '@/shared/lib/session';
import { drawDetailQuery, type DrawDetail, type DrawPick, type DrawRow } from '../api/draws';

/** The two dictionaries of the draw pages. */
export function useDrawDicts() {
  const statuses = useDictOptions('draw_status');
  const picks = useDictOptions('pick_status');
  return { statuses, picks };
}
export type DrawDicts = ReturnType<typeof useDrawDicts>;

/** A status with its reason under it. */
export const statusCell = (dict: readonly DictOption[] | undefined, status: string, reason: string | null) => (
  <Space orientation="vertical" size={0}>
    <DictTag options={dict} value={status} />
    {reason ? <Typography.Text type="secondary">{reason}</Typography.Text> : null}
  </Space>
);

/** A project's name with its code under it. */
export const projectCell = (name: string, code: string) => (
  <Space orientation="vertical" size={0}>
    <span>{name}</span>
    <Typography.Text type="secondary">{code}</Typography.Text>
  </Space>
);

/** A hash or seed as published: monospace, wrapped anywhere, copyable. */
export function HashText({ value, testId }: { value: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (!value) return <>{t('draws.none')}</>;
  return (
    <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid={testId}>
      {value}
    </Typography.Text>
  );
}

/** The columns of the staff's list of draws. */
export function drawColumns(t: TFunction, { statuses }: DrawDicts): TableColumnsType<DrawRow> {
  return [
    {
      key: 'project',
      title: t('draws.field.project'),
      render: (_, d) => projectCell(d.projectName, d.projectCode),
    },
    { key: 'owner', dataIndex: 'ownerName', title: t('draws.field.owner') },
    { key: 'drawAt', title: t('draws.field.drawAt'), render: (_, d) => formatTime(d.drawAt) },
    { key: 'candidates', dataIndex: 'candidateCount', title: t('draws.field.candidates'), align: 'right' },
    { key: 'reserves', dataIndex: 'reserves', title: t('draws.field.reserves'), align: 'right' },
    {
      key: 'status',
      title: t('draws.field.status'),
      render: (_, d) => statusCell(statuses.dict, d.status, d.statusReason),
    },
    {
      key: 'engaged',
      title: t('draws.field.engaged'),
      render: (_, d) => d.engagedCompany ?? '',
    },
  ];
}

/** The events of a draw the signed-in user may fire from its status (the workflow table). */
export function useDrawEvents() {
  const session = useSession();
  return (draw: Pick<DrawRow, 'status'>): readonly DrawEvent[] => eventsAllowed(drawWorkflow, draw.status, session);
}

/** The actions of a timeline entry (`draw.schedule`, `draw_pick.confirm`, …) that have a label. */
const TIMELINE_ACTIONS = [
  'schedule',
  'draw',
  'ask',
  'confirm',
  'decline',
  'expire',
  'engage',
  'exhaust',
  'cancel',
] as const;
type TimelineAction = (typeof TIMELINE_ACTIONS)[number];
const RED = ['cancel', 'exhaust', 'decline', 'expire'];
const GREEN = ['draw', 'confirm', 'engage'];

function DrawTimeline({ timeline }: { timeline: DrawDetail['timeline'] }) {
  const { t } = useTranslation();
  if (timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={timeline.map((entry) => {
        const action = entry.action.replace(/^.*\./, '');
        const known = (TIMELINE_ACTIONS as readonly string[]).includes(action);
        const reason = typeof entry.data.reason === 'string' && entry.data.reason ? entry.data.reason : null;
        const company = typeof entry.data.companyName === 'string' ? entry.data.companyName : null;
        return {
          key: entry.id,
          color: RED.includes(action) ? 'red' : GREEN.includes(action) ? 'green' : 'blue',
          title: formatTime(entry.createdAt),
          content: (
            <div>
              <strong>{known ? t(`draws.timeline.actions.${action as TimelineAction}`) : entry.action}</strong>
              {company ? <span> · {company}</span> : null}
              {entry.actorName ? <Typography.Text type="secondary"> · {entry.actorName}</Typography.Text> : null}
              {reason ? <div>{t('draws.timeline.reason', { reason })}</div> : null}
            </div>
          ),
        };
      })}
    />
  );
}

/** The published list: position, credit code, company. */
function CandidateTable({ candidates }: { candidates: DrawDetail['candidates'] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="position"
      pagination={false}
      dataSource={candidates}
      data-testid="draw-candidates"
      columns={[
        { key: 'position', dataIndex: 'position', title: t('draws.field.position'), width: 80 },
        { key: 'creditCode', dataIndex: 'creditCode', title: t('draws.field.creditCode') },
        { key: 'companyName', dataIndex: 'companyName', title: t('draws.field.company') },
      ]}
    />
  );
}

/** The contractors asked, in the drawn order, with their answers and deadlines. */
export function PickTable({ picks, dicts }: { picks: readonly DrawPick[]; dicts: DrawDicts }) {
  const { t } = useTranslation();
  if (picks.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('draws.detail.noPicks')} />;
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...picks].sort((a, b) => a.rank - b.rank)}
      data-testid="draw-picks"
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'rank', title: t('draws.field.rank'), render: (_, p) => t('draws.rankValue', { rank: p.rank + 1 }) },
        { key: 'company', dataIndex: 'companyName', title: t('draws.field.company') },
        {
          key: 'status',
          title: t('draws.field.status'),
          render: (_, p) => statusCell(dicts.picks.dict, p.status, p.statusReason),
        },
        { key: 'askedAt', title: t('draws.field.askedAt'), render: (_, p) => formatTime(p.askedAt) },
        { key: 'deadline', title: t('draws.field.deadline'), render: (_, p) => formatTime(p.deadline) },
        { key: 'answeredAt', title: t('draws.field.answeredAt'), render: (_, p) => formatTime(p.answeredAt) },
      ]}
    />
  );
}

/** The drawn order as company names, first to last. */
function OrderList({ detail }: { detail: DrawDetail }) {
  const { t } = useTranslation();
  if (!detail.order) return <>{t('draws.none')}</>;
  const byPosition = new Map(detail.candidates.map((c) => [c.position, c.companyName]));
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="draw-order">
      {detail.order.map((position) => (
        <li key={position}>{byPosition.get(position) ?? String(position)}</li>
      ))}
    </ol>
  );
}

/**
 * A draw in a drawer: its facts, the published list with its hash and the commitment, after the
 * draw the seed, the entropy, the order and the contractors asked, then the timeline. `actions`
 * are the buttons its viewer may use.
 */
export function DrawDrawer({
  draw,
  onClose,
  actions,
}: {
  draw: DrawRow | null;
  onClose: () => void;
  actions?: (draw: DrawRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const dicts = useDrawDicts();
  const detail = useQuery({ ...drawDetailQuery(draw?.id ?? 0), enabled: !!draw });
  // The detail is the fresher record once it came (after a step, before the list refetched).
  const d = detail.data && detail.data.id === draw?.id ? detail.data : null;
  const row: DrawRow | null = d ?? draw;
  const drawn = !!row?.seed;
  return (
    <DetailDrawer open={!!draw} title={t('draws.detail.title', { project: draw?.projectName ?? '' })} onClose={onClose}>
      {row ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="draw-detail">
          <Facts
            items={[
              {
                key: 'project',
                label: t('draws.field.project'),
                children: `${row.projectName} (${row.projectCode})`,
              },
              { key: 'owner', label: t('draws.field.owner'), children: row.ownerName },
              { key: 'drawAt', label: t('draws.field.drawAt'), children: formatTime(row.drawAt) },
              {
                key: 'status',
                label: t('draws.field.status'),
                children: statusCell(dicts.statuses.dict, row.status, row.statusReason),
              },
              { key: 'candidates', label: t('draws.field.candidates'), children: row.candidateCount },
              { key: 'reserves', label: t('draws.field.reserves'), children: row.reserves },
              {
                key: 'listHash',
                label: t('draws.field.listHash'),
                children: <HashText value={row.listHash} testId="draw-list-hash" />,
              },
              {
                key: 'commitment',
                label: t('draws.field.commitment'),
                children: <HashText value={row.commitment} testId="draw-commitment" />,
              },
              ...(drawn
                ? [
                    {
                      key: 'seed',
                      label: t('draws.field.seed'),
                      children: <HashText value={row.seed} testId="draw-seed" />,
                    },
                    {
                      key: 'entropy',
                      label: t('draws.field.entropy'),
                      children: row.entropy ? <HashText value={row.entropy} /> : t('draws.noEntropy'),
                    },
                    { key: 'drawnAt', label: t('draws.field.drawnAt'), children: formatTime(row.drawnAt) },
                    { key: 'witness', label: t('draws.field.witness'), children: row.witnessName ?? t('draws.none') },
                    ...(d ? [{ key: 'order', label: t('draws.field.order'), children: <OrderList detail={d} /> }] : []),
                  ]
                : []),
              ...(row.engagedCompany
                ? [{ key: 'engaged', label: t('draws.field.engaged'), children: row.engagedCompany }]
                : []),
              { key: 'createdAt', label: t('draws.field.createdAt'), children: formatTime(row.createdAt) },
            ]}
          />
          <Space wrap>
            <LiveLink projectId={row.projectId} />
            {actions?.(row)}
          </Space>
          {!drawn && row.status === 'scheduled' ? (
            <Alert type="info" showIcon title={t('draws.detail.notDrawn')} />
          ) : null}
          {detail.isError ? (
            <Alert
              type="warning"
              showIcon
              title={t('draws.detail.failed')}
              description={detail.error.message}
              data-testid="draw-detail-error"
            />
          ) : (
            <>
              {drawn ? (
                <Card size="small" title={t('draws.detail.picks')}>
                  {d ? <PickTable picks={d.picks} dicts={dicts} /> : <Skeleton active />}
                </Card>
              ) : null}
              <Card size="small" title={t('draws.detail.list')}>
                {d ? <CandidateTable candidates={d.candidates} /> : <Skeleton active />}
              </Card>
              <Card size="small" title={t('draws.detail.timeline')}>
                {d ? <DrawTimeline timeline={d.timeline} /> : <Skeleton active />}
              </Card>
            </>
          )}
        </Space>
      ) : null}
    </DetailDrawer>
  );
}
