import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Result, Space, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { DetailDrawer } from '@/shared/components/list-kit/list-page';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { applicationQuery } from '../api/applications';
import { ApplicationDocuments } from './application-documents';
import { useCheckActions } from './check-actions';
import { GuaranteeCard } from './guarantee-card';

const RED = ['reject', 'withdraw', 'lose', 'decline'];

/**
 * One application for staff: its data, documents, bid guarantee (with the owner's claims on it),
 * timeline and the check open to the caller.
 */
export function ApplicationDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const application = useQuery({ ...applicationQuery(id ?? 0), enabled: !!id });
  const statuses = useDict('application_status');
  const check = useCheckActions();
  const a = application.data;
  return (
    <DetailDrawer
      open={!!id}
      onClose={onClose}
      loading={application.isPending}
      title={a ? `${a.companyName} · ${a.projectName}` : t('applications.detail')}
    >
      {application.isError ? (
        <Result status="warning" title={t('common.loadFailed')} subTitle={application.error.message} />
      ) : a ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <div className="project-detail__actions" data-testid="application-actions">
            {check.buttons(a)}
          </div>
          <Descriptions
            bordered
            size="small"
            column={1}
            data-testid="application-detail"
            items={[
              { key: 'project', label: t('applications.field.project'), children: `${a.projectCode} ${a.projectName}` },
              { key: 'company', label: t('applications.field.company'), children: a.companyName },
              {
                key: 'contact',
                label: t('applications.field.contactName'),
                children: `${a.contactName} ${a.contactTel}`,
              },
              {
                key: 'guarantee',
                label: t('applications.field.guaranteeLetterNo'),
                children: a.guaranteeLetterNo ?? t('common.notSet'),
              },
              {
                key: 'status',
                label: t('applications.field.status'),
                children: <DictTag options={statuses.data} value={a.status} />,
              },
              ...(a.statusReason
                ? [{ key: 'reason', label: t('applications.field.reason'), children: a.statusReason }]
                : []),
              { key: 'applied', label: t('applications.field.appliedAt'), children: formatTime(a.createdAt) },
              { key: 'deadline', label: t('applications.field.bidDeadline'), children: formatTime(a.bidDeadline) },
              {
                key: 'documents',
                label: t('applications.field.documents'),
                children: <ApplicationDocuments documents={a.documents} />,
              },
            ]}
          />
          <GuaranteeCard application={a} />
          <Card size="small" title={t('applications.timeline.title')} data-testid="application-timeline">
            {a.timeline.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Timeline
                items={a.timeline.map((e) => {
                  const action = e.action.replace(/^application\./, '');
                  const reason = typeof e.data.reason === 'string' ? e.data.reason : null;
                  return {
                    key: e.id,
                    color: RED.includes(action) ? 'red' : action === 'qualify' || action === 'win' ? 'green' : 'blue',
                    title: formatTime(e.createdAt),
                    content: (
                      <div>
                        <strong>{t(`applications.timeline.actions.${action}`, { defaultValue: e.action })}</strong>
                        {e.actorName ? <span className="muted"> · {e.actorName}</span> : null}
                        {reason ? (
                          <div>
                            {t('applications.field.reason')}: {reason}
                          </div>
                        ) : null}
                      </div>
                    ),
                  };
                })}
              />
            )}
          </Card>
        </Space>
      ) : null}
      {check.dialog}
    </DetailDrawer>
  );
}
