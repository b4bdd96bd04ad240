import { NotificationOutlined } from '@ant-design/icons';
import { ResultCode } from '@lvb/contracts/errors';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainEmpty } from '@/shared/components/plain-empty';
import { useDict } from '@/shared/lib/dict';
import { downloadGet } from '@/shared/lib/download';
import { formatTime } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/lib/page-title';
import { RequestError } from '@/shared/lib/request';
import '@/shared/styles/listings.css';
import { hallDocumentUrl, hallProjectQuery } from '../api/hall';
import { ApplyPanel } from './apply-panel';
import { FollowButton } from './follow-button';
import { PlainDictTag } from './plain-dict-tag';
import './plain-hall.css';
import { PlainProjectDocuments, PlainProjectFacts } from './plain-project-facts';
import { PlainLoadFailed, PlainNotFound, PlainSkeleton, PlainTag } from './plain-states';
import { ProjectResultSection } from './project-result';
import './project-info.css';
import { numberParam } from './url-params';

/** A card in the look of antd's Card with a title: the title a heading of the page. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="pi-card" aria-labelledby={id}>
      <h2 id={id} className="pi-card__title">
        {title}
      </h2>
      <div className="pi-card__body">{children}</div>
    </section>
  );
}

/** The page's frame around a state other than the project (loading, not found, failure). */
function StateFrame({ children }: { children: ReactNode }) {
  return (
    <div className="public-container public-section">
      <div className="home-card ph-hall">{children}</div>
    </div>
  );
}

/**
 * `/iteminfo?id=`: a published project with its documents and announcements, for anyone. Plain
 * HTML (no antd): the apply dialog brings antd when it is opened.
 */
export function ProjectInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = numberParam(params.get('id')) ?? 0;
  const valid = id > 0;
  const project = useQuery({ ...hallProjectQuery(id), enabled: valid });
  usePageTitle(project.data?.name);
  const statuses = useDict('project_status');
  const noticeTypes = useDict('notice_type');

  const missing =
    !valid || (project.isError && project.error instanceof RequestError && project.error.code === ResultCode.notFound);
  if (missing) {
    return (
      <StateFrame>
        <PlainNotFound heading="h1" title={t('projects.info.notFound')}>
          <Link to="/hall" className="plain-button plain-button--primary">
            {t('projects.hall.back')}
          </Link>
        </PlainNotFound>
      </StateFrame>
    );
  }
  if (project.isError) {
    return (
      <StateFrame>
        <PlainLoadFailed
          title={t('common.loadFailed')}
          retry={t('common.retry')}
          onRetry={() => void project.refetch()}
        />
      </StateFrame>
    );
  }
  if (project.isPending) {
    return (
      <StateFrame>
        <PlainSkeleton rows={10} label={t('common.loading')} />
      </StateFrame>
    );
  }
  const p = project.data;
  return (
    <div className="public-container public-section project-detail ph-hall pi-page">
      <div className="public-section__head">
        <h1>{p.name}</h1>
        <div className="pi-head">
          <PlainDictTag options={statuses.data} value={p.status} />
          <span>{p.code}</span>
          <FollowButton projectId={p.id} />
        </div>
      </div>
      <div className="pi-stack">
        <ApplyPanel project={p} />
        <ProjectResultSection projectId={p.id} />
        <Card id="project-basic-title" title={t('projects.info.basic')}>
          <PlainProjectFacts project={p} />
        </Card>
        <Card id="project-qualification-title" title={t('projects.field.qualification')}>
          <div className="project-text">{p.qualification || t('common.notSet')}</div>
        </Card>
        <Card id="project-description-title" title={t('projects.field.description')}>
          <div className="project-text">{p.description || t('common.notSet')}</div>
        </Card>
        <PlainProjectDocuments
          documents={p.documents}
          download={(d) => downloadGet(hallDocumentUrl(p.id, d.fileName), {}, d.originalName)}
        />
        <Card id="project-notices-title" title={t('projects.info.notices')}>
          {p.notices.length === 0 ? (
            <PlainEmpty description={t('projects.pub.none')} />
          ) : (
            <ul className="ph-items pi-list">
              {p.notices.map((n) => (
                <li key={n.id} className="ph-items__item pi-list__item">
                  <span className="ph-items__main">
                    {/* The icon stays on the title's first line when it wraps. */}
                    <span>
                      <NotificationOutlined aria-hidden="true" className="pi-notice__icon" />
                      <Link to={`/pub?id=${n.id}`}>{n.title}</Link>
                    </span>
                    <PlainDictTag options={noticeTypes.data} value={n.noticeType} />
                    <PlainTag>{formatTime(n.createdAt)}</PlainTag>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
