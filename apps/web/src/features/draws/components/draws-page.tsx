import { CloseOutlined, ExperimentOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame, ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { cancelDraw, DRAWS_URL, type DrawRow } from '../api/draws';
import { drawColumns, DrawDrawer, useDrawDicts, useDrawEvents } from './draw-parts';
import { ScheduleDialog } from './schedule-dialog';
import { WitnessDialog } from './witness-dialog';

/**
 * `mandraw/draw`: the pool draws of the owner's or the supervisor's projects, filtered by keyword
 * and status and exported. The owner schedules a draw (freezing and publishing its list) and may
 * cancel it while scheduled; the supervisor witnesses the draw.
 */
export default function DrawsPage() {
  const { t } = useTranslation();
  const dicts = useDrawDicts();
  const records = useRecordList<DrawRow>(DRAWS_URL);
  const invalidate = useInvalidate();
  const events = useDrawEvents();
  const idempotency = useIdempotencyKey();
  const [viewing, setViewing] = useState<DrawRow | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [witnessing, setWitnessing] = useState<DrawRow | null>(null);
  const [cancelling, setCancelling] = useState<DrawRow | null>(null);
  const refresh = () => void invalidate(DRAWS_URL, '/api/public/draws');

  const buttons = (d: DrawRow, size?: 'small'): ReactNode => {
    const allowed = events(d);
    return (
      <>
        {allowed.includes('draw') ? (
          <Button
            type={size ? 'link' : 'primary'}
            size={size}
            icon={<ExperimentOutlined />}
            onClick={() => setWitnessing(d)}
          >
            {t('draws.action.draw')}
          </Button>
        ) : null}
        {allowed.includes('cancel') ? (
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            danger
            icon={<CloseOutlined />}
            onClick={() => setCancelling(d)}
          >
            {t('draws.action.cancel')}
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <ListFrame testId="draws-page">
      <RecordList<DrawRow>
        records={records}
        search={
          <>
            <TextFilter name="keyword" label={t('draws.filter.keyword')} width={220} maxLength={100} />
            <SelectFilter name="status" label={t('draws.field.status')} width={150} options={dicts.statuses.options} />
          </>
        }
        actions={
          <Authorized permissions={[Perm.selection.draw.schedule]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setScheduling(true)}>
              {t('draws.action.schedule')}
            </Button>
          </Authorized>
        }
        exportAs={{ permissions: [Perm.selection.draw.list], fileName: 'pool-draws.xlsx' }}
        columns={drawColumns(t, dicts)}
        fixedActions
        rowActions={(d) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(d)}>
              {t('draws.action.view')}
            </Button>
            {buttons(d, 'small')}
          </>
        )}
      />
      <DrawDrawer draw={viewing} onClose={() => setViewing(null)} actions={(d) => buttons(d)} />
      <ScheduleDialog open={scheduling} onClose={() => setScheduling(false)} onScheduled={refresh} />
      <WitnessDialog draw={witnessing} onClose={() => setWitnessing(null)} onDrawn={refresh} />
      <ReasonDialog
        open={!!cancelling}
        title={t('draws.cancel.title', { project: cancelling?.projectName ?? '' })}
        onCancel={() => setCancelling(null)}
        onSubmit={async (reason) => {
          const d = cancelling!;
          await cancelDraw(d.id, reason, idempotency.keyFor({ cancel: d.id, reason }));
          idempotency.answered();
          feedback().message.success(t('draws.cancel.done'));
          setCancelling(null);
          setViewing(null);
          refresh();
        }}
      />
    </ListFrame>
  );
}
