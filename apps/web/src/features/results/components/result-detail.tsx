import { ExportOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { Model, SEALED_MODELS } from '@lvb/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { DetailDrawer } from '@/shared/components/list-kit/list-page';
import { paths } from '@/shared/config/paths';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { basePath } from '@/shared/lib/navigation';
import { resultQuery } from '../api/result-detail';
import type { ResultRow } from '../api/results-list';
import { AmountInWords } from './amount';
import { ConfirmationRecord } from './confirmation-record';
import { ObjectionsCard } from './objections-card';
import { RankingTable } from './ranking-table';
import { ResultActions, stepsOf } from './result-actions';

/** The public pages of a project's result (opened in a new tab: they are outside the back office). */
export function PublicLinks({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const link = (to: string, label: string) => (
    <a href={`${basePath()}${to}`} target="_blank" rel="noopener noreferrer">
      {label} <ExportOutlined />
    </a>
  );
  return (
    <Space size={12} wrap>
      {link(paths.resultPub, t('results.links.resultPub'))}
      {link(`${paths.itemInfo}?id=${projectId}`, t('results.links.project'))}
    </Space>
  );
}

/**
 * One project's result in a drawer: its state, the ranking, the signed confirmation (printable),
 * the objections, and with `actionable` the steps the caller's permissions allow now.
 */
export function ResultDetailDrawer({
  row,
  actionable,
  onClose,
}: {
  row: ResultRow | null;
  actionable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ ...resultQuery(row?.projectId ?? 0), enabled: row !== null });
  const statuses = useDict('project_status');
  const models = useDict('selection_model');
  const r = detail.data;
  const title = row ? `${row.code} ${row.name}` : '';
  const steps = r ? stepsOf(r) : null;
  const signedWinner = r?.ranking.find((l) => l.applicationId === r.confirmation?.winnerApplicationId);
  return (
    <DetailDrawer open={row !== null} title={title} loading={detail.isPending} onClose={onClose}>
      {detail.isError ? (
        <Result status="warning" title={t('common.loadFailed')} subTitle={detail.error.message} />
      ) : row && r && steps ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="result-detail">
          {actionable ? (
            <Space wrap data-testid="result-actions">
              <ResultActions project={row} result={r} />
            </Space>
          ) : null}
          {steps.afterDecline ? <Alert type="warning" showIcon title={t('results.declined.alert')} /> : null}
          {r.status === 'publicity' && r.objections.some((o) => o.status === 'open' || o.status === 'answered') ? (
            <Alert type="info" showIcon title={t('results.objections.holding')} />
          ) : null}
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              {
                key: 'status',
                label: t('results.field.status'),
                children: <DictTag options={statuses.data} value={r.status} />,
              },
              {
                key: 'model',
                label: t('results.field.model'),
                children: <DictTag options={models.data} value={row.model} />,
              },
              { key: 'owner', label: t('results.field.owner'), children: row.ownerName },
              { key: 'budget', label: t('results.field.budget'), children: formatYuan(row.budgetFen) },
              {
                key: 'winner',
                label: t('results.field.winner'),
                children: steps.winner?.companyName ?? t('results.noWinner'),
              },
              {
                key: 'amount',
                label: t('results.field.amount'),
                children: r.amountFen === null ? '' : <AmountInWords fen={r.amountFen} />,
              },
              {
                key: 'publicity',
                label: t('results.field.publicityEndsAt'),
                children: r.publicityEndsAt ? formatTime(r.publicityEndsAt) : t('results.notInPublicity'),
              },
              {
                key: 'links',
                label: t('results.field.links'),
                children: (
                  <Space orientation="vertical" size={4}>
                    {(SEALED_MODELS as readonly number[]).includes(row.model) ? (
                      <Authorized permissions={[Perm.selection.opening.list]}>
                        <Link to={`/mandraw/opening?project=${row.projectId}`}>{t('results.links.opening')}</Link>
                      </Authorized>
                    ) : null}
                    <PublicLinks projectId={row.projectId} />
                  </Space>
                ),
              },
            ]}
          />
          <Card size="small" title={t('results.ranking.title')}>
            <RankingTable result={r} bestValue={row.model === Model.bestValue} />
          </Card>
          {r.confirmation ? (
            <ConfirmationRecord
              confirmation={r.confirmation}
              project={title}
              winnerName={signedWinner?.companyName ?? ''}
            />
          ) : (
            <Alert type="info" showIcon title={t('results.confirmation.none')} />
          )}
          <ObjectionsCard project={row} result={r} actionable={actionable} />
        </Space>
      ) : null}
    </DetailDrawer>
  );
}
