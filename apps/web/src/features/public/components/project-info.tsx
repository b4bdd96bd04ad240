import { FileOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, List, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';
import { useDict } from '@/shared/lib/dict';
import { downloadGet } from '@/shared/lib/download';
import { hallDocumentUrl, hallProjectQuery } from '../api/hall';
import { FollowButton } from './follow-button';
import '@/shared/styles/listings.css';

/** `/iteminfo?id=`: a published project with its documents and announcements, for anyone. */
export function ProjectInfoPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const project = useQuery({ ...hallProjectQuery(id), enabled: valid });
  const statuses = useDict('project_status');
  const models = useDict('selection_model');
  const noticeTypes = useDict('notice_type');

  if (!valid || project.isError) {
    return (
      <div className="public-container public-section">
        <Card>
          <Result
            status="404"
            title={t('projects.info.notFound')}
            extra={
              <Link to="/hall">
                <Button type="primary">{t('projects.hall.back')}</Button>
              </Link>
            }
          />
        </Card>
      </div>
    );
  }
  if (project.isPending) {
    return (
      <div className="public-container public-section">
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  const p = project.data;
  return (
    <div className="public-container public-section project-detail">
      <div className="public-section__head">
        <h1>{p.name}</h1>
        <Space wrap>
          <DictTag options={statuses.data} value={p.status} />
          <span>{p.code}</span>
          <FollowButton projectId={p.id} />
        </Space>
      </div>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('projects.info.basic')}>
          <Descriptions
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            size="small"
            data-testid="project-info"
            items={[
              { key: 'owner', label: t('projects.field.owner'), children: p.ownerName },
              {
                key: 'type',
                label: t('projects.field.type'),
                children: localName(i18n.language, p.typeName, p.typeNameZh),
              },
              {
                key: 'place',
                label: t('projects.field.place'),
                children: localName(i18n.language, p.placeName, p.placeNameZh),
              },
              { key: 'budget', label: t('projects.field.budget'), children: formatMoney(p.budget) },
              {
                key: 'model',
                label: t('projects.field.model'),
                children: <DictTag options={models.data} value={String(p.model)} />,
              },
              { key: 'min', label: t('projects.field.minParticipants'), children: p.minParticipants },
              {
                key: 'guarantee',
                label: t('projects.field.guarantee'),
                children: p.guaranteeRequired ? formatMoney(p.guaranteeAmount) : t('projects.info.noGuarantee'),
              },
              { key: 'published', label: t('projects.field.publishedAt'), children: formatTime(p.publishedAt) },
              { key: 'signup', label: t('projects.field.signupStart'), children: formatTime(p.signupStart) },
              { key: 'deadline', label: t('projects.field.bidDeadline'), children: formatTime(p.bidDeadline) },
              { key: 'opening', label: t('projects.field.openingAt'), children: formatTime(p.openingAt) },
              {
                key: 'contact',
                label: t('projects.field.contact'),
                children: `${p.contactName} ${p.contactTel}`,
              },
              ...(p.statusReason
                ? [{ key: 'reason', label: t('projects.field.statusReason'), children: p.statusReason, span: 2 }]
                : []),
            ]}
          />
        </Card>
        <Card title={t('projects.field.qualification')}>
          <div className="project-text">{p.qualification || t('common.notSet')}</div>
        </Card>
        <Card title={t('projects.field.description')}>
          <div className="project-text">{p.description || t('common.notSet')}</div>
        </Card>
        <Card title={t('projects.field.documents')}>
          {p.documents.length === 0 ? (
            <Empty description={t('projects.info.noDocuments')} />
          ) : (
            <List
              dataSource={p.documents}
              renderItem={(d) => (
                <List.Item
                  actions={[
                    <Button
                      key="download"
                      type="link"
                      onClick={() =>
                        void downloadGet(hallDocumentUrl(p.id, d.fileName), {}, d.originalName).catch(() => undefined)
                      }
                    >
                      {t('projects.download')}
                    </Button>,
                  ]}
                >
                  <Space>
                    <FileOutlined />
                    <span>{d.originalName}</span>
                    <span className="muted">{(d.size / 1024).toFixed(1)} KB</span>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
        <Card title={t('projects.info.notices')}>
          {p.notices.length === 0 ? (
            <Empty description={t('projects.pub.none')} />
          ) : (
            <List
              dataSource={p.notices}
              renderItem={(n) => (
                <List.Item>
                  <Space wrap>
                    <NotificationOutlined />
                    <Link to={`/pub?id=${n.id}`}>{n.title}</Link>
                    <DictTag options={noticeTypes.data} value={n.noticeType} />
                    <Tag bordered={false}>{formatTime(n.createdAt)}</Tag>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Space>
    </div>
  );
}
