import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/shared/lib/format';
import type { BiddingModel, BiddingProject } from '../api/bidding-projects';
import { openingRecordQuery, recomputeReceipt } from '../api/opening-record';

/**
 * After the opening: the supplier's own line of the record, and whether the record matches the
 * receipt it kept, the hash recomputed in this browser from the fields the record publishes.
 */
export function OpeningResultDialog({
  model,
  project,
  onClose,
}: {
  model: BiddingModel;
  project: BiddingProject | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useQuery({ ...openingRecordQuery(model, project?.projectId ?? 0), enabled: !!project?.openedAt });
  const mine = record.data?.bids.find((b) => b.bidId === project?.receipt?.bidId);
  const check = useQuery({
    queryKey: ['bidding', 'recompute', project?.projectId, mine?.bidId],
    queryFn: () => recomputeReceipt(project!.projectId, mine!),
    enabled: !!mine,
  });
  const valid = record.data?.bids.filter((b) => b.valid).length ?? 0;
  const matches = !!mine && check.data === mine.receiptHash && mine.receiptHash === project?.receipt?.receiptHash;

  return (
    <Modal
      open={!!project}
      title={project ? t('bidding.opening.title', { name: project.name }) : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={600}
    >
      {record.isLoading || !project ? <Skeleton active /> : null}
      {project && record.data ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="my-opening-result">
          {record.data.outcome === 'failed' ? (
            <Alert
              type="warning"
              showIcon
              title={t('bidding.opening.failed', { valid, min: record.data.minParticipants })}
            />
          ) : null}
          {mine ? (
            <>
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  {
                    key: 'rank',
                    label: t('bidding.opening.rank'),
                    children:
                      mine.valid && record.data.outcome === 'scoring'
                        ? t('bidding.opening.toPanel', { total: valid })
                        : mine.rank === null
                          ? t('bidding.opening.notCounted')
                          : t('bidding.opening.rankOf', { rank: mine.rank, total: valid }),
                  },
                  { key: 'price', label: t('bidding.opening.price'), children: formatMoney(mine.priceFen) },
                ]}
              />
              {check.isSuccess ? (
                <Alert
                  type={matches ? 'success' : 'error'}
                  showIcon
                  title={t(matches ? 'bidding.opening.matches' : 'bidding.opening.mismatch')}
                />
              ) : null}
            </>
          ) : (
            <Alert type="info" showIcon title={t('bidding.opening.notFound')} />
          )}
          <Link to={`/iteminfo?id=${project.projectId}`}>{t('bidding.opening.record')}</Link>
        </Space>
      ) : null}
    </Modal>
  );
}
