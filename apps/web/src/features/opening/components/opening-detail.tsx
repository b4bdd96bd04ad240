import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { LiveLink } from '@/shared/components/live-link';
import { confirmOnce } from '@/shared/lib/confirm';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { openBids } from '../api/open-bids';
import { openingDetailQuery } from '../api/opening-detail';
import { presencePingQuery } from '../api/presence';
import { confirmPresence } from '../api/witness';
import { OpeningRecordView } from './opening-record';

/**
 * One project's opening: its dates and witnesses, the supervisor's presence and the owner's
 * opening (each offered as the server says the caller may), and the record once written.
 */
export function OpeningDetailView({ projectId, onBack }: { projectId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const statuses = useDict('project_status');
  const detail = useQuery(openingDetailQuery(projectId));
  // While it waits to be opened, reading the live view keeps a supervisor here counted present.
  useQuery({ ...presencePingQuery(projectId), enabled: !!detail.data && !detail.data.record });
  const done = (message: string) => () => {
    feedback().message.success(message);
    void client.invalidateQueries({ queryKey: ['openings'] });
  };
  const witness = useMutation({
    mutationFn: () => confirmPresence(projectId),
    onSuccess: done(t('opening.witnessed')),
  });
  const open = useMutation({ mutationFn: () => openBids(projectId), onSuccess: done(t('opening.opened')) });
  // One confirmation at a time: a double click must not ask twice and send the call twice.
  const ask = (action: 'open' | 'witness', content: string, okText: string, run: () => Promise<unknown>) =>
    confirmOnce(`opening:${action}:${projectId}`, {
      title: okText,
      content,
      okText,
      cancelText: t('common.cancel'),
      run,
    });

  const d = detail.data;
  const hint =
    d?.waitingFor === 'opening_time'
      ? t('opening.hint.notYet', { time: formatTime(d.openingAt) })
      : d?.waitingFor === 'witness'
        ? t('opening.hint.needWitness')
        : null;
  return (
    <Card
      className="page-card"
      title={d ? `${d.code} ${d.name}` : t('opening.title')}
      extra={<Button onClick={onBack}>{t('opening.back')}</Button>}
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'owner', label: t('opening.column.owner'), children: d.ownerName },
              {
                key: 'status',
                label: t('opening.column.status'),
                children: <DictTag options={statuses.data} value={d.status} />,
              },
              { key: 'deadline', label: t('opening.column.deadline'), children: formatTime(d.bidDeadline) },
              { key: 'opening', label: t('opening.column.opening'), children: formatTime(d.openingAt) },
              { key: 'min', label: t('opening.field.minParticipants'), children: d.minParticipants },
              {
                key: 'witnesses',
                label: t('opening.column.witnesses'),
                children: d.witnesses.length
                  ? d.witnesses
                      .map((w) => t('opening.witnessedAt', { name: w.name, time: formatTime(w.signedAt) }))
                      .join('; ')
                  : t('opening.noWitness'),
              },
            ]}
          />
          {hint ? <Alert type="info" showIcon title={hint} /> : null}
          <Space wrap>
            <LiveLink projectId={d.projectId} />
            {d.canWitness ? (
              <Authorized permissions={['selection:draw:witness']}>
                <Button
                  loading={witness.isPending}
                  onClick={() =>
                    ask(
                      'witness',
                      t('opening.witnessConfirm', { name: d.name }),
                      t('opening.witness'),
                      witness.mutateAsync,
                    )
                  }
                >
                  {t('opening.witness')}
                </Button>
              </Authorized>
            ) : null}
            {d.canOpen ? (
              <Authorized permissions={['selection:opening:open']}>
                <Button
                  type="primary"
                  loading={open.isPending}
                  onClick={() =>
                    ask('open', t('opening.openConfirm', { name: d.name }), t('opening.open'), open.mutateAsync)
                  }
                >
                  {t('opening.open')}
                </Button>
              </Authorized>
            ) : null}
          </Space>
          {d.record ? <OpeningRecordView record={d.record} /> : null}
        </Space>
      )}
    </Card>
  );
}
