import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, List, Skeleton, Space, Tag } from 'antd';
import { LazyResult as Result } from '@/shared/components/lazy-result';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { ProjectDocuments, useProjectFacts } from '@/shared/components/project-fields';
import { formatTime } from '@/shared/lib/format';
import { useDict } from '@/shared/lib/dict';
import { downloadGet } from '@/shared/lib/download';
import { hallDocumentUrl, hallProjectQuery } from '../api/hall';
import { ApplyPanel } from './apply-panel';
import { FollowButton } from './follow-button';
import { ProjectResultSection } from './project-result';
import '@/shared/styles/listings.css';
import { LinkButton } from '@/shared/components/link-button';

/** `/iteminfo?id=`: a published project with its documents and announcements, for anyone. */
export function ProjectInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const project = useQuery({ ...hallProjectQuery(id), enabled: valid });
  const statuses = useDict('project_status');
  const facts = useProjectFacts();
  const noticeTypes = useDict('notice_type');

  if (!valid || project.isError) {
    return (
      <div className="public-container public-section">
        <Card>
          <Result
            status="404"
            title={t('projects.info.notFound')}
            extra={
              <LinkButton to="/hall" type="primary">
                {t('projects.hall.back')}
              </LinkButton>
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
        <ApplyPanel project={p} />
        <ProjectResultSection projectId={p.id} />
        <Card title={t('projects.info.basic')}>
          <Descriptions
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            size="small"
            data-testid="project-info"
            items={facts(p)}
          />
        </Card>
        <Card title={t('projects.field.qualification')}>
          <div className="project-text">{p.qualification || t('common.notSet')}</div>
        </Card>
        <Card title={t('projects.field.description')}>
          <div className="project-text">{p.description || t('common.notSet')}</div>
        </Card>
        <ProjectDocuments
          documents={p.documents}
          download={(d) => downloadGet(hallDocumentUrl(p.id, d.fileName), {}, d.originalName)}
        />
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
