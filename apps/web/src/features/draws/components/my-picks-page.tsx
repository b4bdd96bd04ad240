import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { pickWorkflow } from '@lvb/contracts/draw-workflow';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { Button, Empty, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { ListFrame, ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { confirmOnce } from '@/shared/lib/confirm';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { useSession } from '@/shared/lib/session';
import { confirmPick, declinePick, MY_PICKS_URL, type MyPick } from '../api/draws';
import { projectCell, statusCell, useDrawDicts, type DrawDicts } from './draw-parts';

/** `ms` of time left as days, hours and minutes (the two largest), or null when none is left. */
export function timeLeft(t: TFunction, ms: number): string | null {
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? t('draws.mine.days', { count: days }) : '',
    hours ? t('draws.mine.hours', { count: hours }) : '',
    !days && rest ? t('draws.mine.minutes', { count: rest }) : '',
  ].filter(Boolean);
  return parts.join(' ');
}

/** Now, moving on every minute (for the "due in" texts). */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The deadline and, while asked, the time left by the platform's clock: the server's count of
 * seconds when the list was read, less the time since (the browser's own clock may differ from
 * the platform's, whose business clock can be moved).
 */
function DeadlineCell({ pick, now, readAt }: { pick: MyPick; now: number; readAt: number }) {
  const { t } = useTranslation();
  const left = pick.status === 'asked' ? timeLeft(t, pick.secondsLeft * 1000 - (now - readAt)) : null;
  return (
    <Space orientation="vertical" size={0}>
      <span>{formatTime(pick.deadline)}</span>
      {pick.status === 'asked' ? (
        <Typography.Text type={left ? 'warning' : 'danger'} data-testid="pick-due">
          {left ? t('draws.mine.dueIn', { time: left }) : t('draws.mine.overdue')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function pickColumns(t: TFunction, dicts: DrawDicts, now: number, readAt: number): TableColumnsType<MyPick> {
  return [
    { key: 'project', title: t('draws.field.project'), render: (_, p) => projectCell(p.projectName, p.projectCode) },
    { key: 'owner', dataIndex: 'ownerName', title: t('draws.field.owner') },
    { key: 'budget', title: t('draws.field.budget'), align: 'right', render: (_, p) => formatYuan(p.budgetFen) },
    {
      key: 'status',
      title: t('draws.field.status'),
      render: (_, p) => statusCell(dicts.picks.dict, p.status, p.statusReason),
    },
    { key: 'askedAt', title: t('draws.field.askedAt'), render: (_, p) => formatTime(p.askedAt) },
    {
      key: 'deadline',
      title: t('draws.field.deadline'),
      render: (_, p) => <DeadlineCell pick={p} now={now} readAt={readAt} />,
    },
  ];
}

/**
 * `web/bidding1`: the projects a pool draw asked the supplier's company to take. While asked, it
 * confirms (after a confirmation stating the budget in figures and in capital numerals) or
 * declines with a reason, before the deadline.
 */
export default function MyPicksPage() {
  const { t } = useTranslation();
  const dicts = useDrawDicts();
  const records = useRecordList<MyPick>(MY_PICKS_URL);
  const session = useSession();
  const invalidate = useInvalidate();
  const idempotency = useIdempotencyKey();
  const now = useMinute();
  const [declining, setDeclining] = useState<MyPick | null>(null);
  const refresh = () => invalidate(MY_PICKS_URL);

  const confirm = (p: MyPick) =>
    confirmOnce(`pick:confirm:${p.id}`, {
      title: t('draws.mine.confirmTitle', { project: p.projectName }),
      width: 560,
      content: (
        <div data-testid="pick-confirm">
          <p>
            {t('draws.mine.confirmText', {
              project: p.projectName,
              owner: p.ownerName,
              budget: formatYuan(p.budgetFen),
            })}
          </p>
          <Facts
            items={amountInWordsItems(
              p.budgetFen,
              { figures: t('draws.field.budget'), words: t('draws.mine.words') },
              'pick-budget',
            )}
          />
        </div>
      ),
      okText: t('draws.mine.confirm'),
      cancelText: t('common.cancel'),
      run: async () => {
        await confirmPick(p.id, idempotency.keyFor({ confirm: p.id }));
        idempotency.answered();
        feedback().message.success(t('draws.mine.confirmed'));
        await refresh();
      },
    });

  const list = records.list.data;
  const empty = !records.list.isError && !!list && !Array.isArray(list) && list.total === 0;

  return (
    <ListFrame testId="my-picks-page">
      {empty && !records.list.isFetching ? (
        <Empty description={t('draws.mine.empty')} data-testid="my-picks-empty" />
      ) : (
        <RecordList<MyPick>
          records={records}
          columns={pickColumns(t, dicts, now, records.list.dataUpdatedAt || now)}
          fixedActions
          rowActions={(p) => {
            const allowed = eventsAllowed(pickWorkflow, p.status, session);
            return (
              <>
                {allowed.includes('confirm') ? (
                  <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => confirm(p)}>
                    {t('draws.mine.confirm')}
                  </Button>
                ) : null}
                {allowed.includes('decline') ? (
                  <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setDeclining(p)}>
                    {t('draws.mine.decline')}
                  </Button>
                ) : null}
              </>
            );
          }}
        />
      )}
      <ReasonDialog
        open={!!declining}
        title={t('draws.mine.declineTitle', { project: declining?.projectName ?? '' })}
        onCancel={() => setDeclining(null)}
        onSubmit={async (reason) => {
          const p = declining!;
          await declinePick(p.id, reason, idempotency.keyFor({ decline: p.id, reason }));
          idempotency.answered();
          feedback().message.success(t('draws.mine.declined'));
          setDeclining(null);
          await refresh();
        }}
      />
    </ListFrame>
  );
}
