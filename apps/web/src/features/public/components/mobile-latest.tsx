import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainEmpty } from '@/shared/components/plain-empty';
import { PlainSkeleton } from '@/shared/components/plain-skeleton';
import { formatMoney, formatTime } from '@/shared/lib/format';
import { hallProjectsQuery, publicNoticesQuery } from '../api/hall';
import '@/shared/styles/listings.css';

const NEWEST = 5;

/** `/mindex`: the newest published projects and announcements, in a phone-sized list (without antd). */
export function MobileLatest() {
  const { t } = useTranslation();
  const projects = useQuery(hallProjectsQuery({ sort: 'published', order: 'desc', pageNum: 1, pageSize: NEWEST }));
  const notices = useQuery(publicNoticesQuery({ pageNum: 1, pageSize: NEWEST }));
  return (
    <>
      <h2 className="mobile-index__title">{t('projects.mobile.newestProjects')}</h2>
      <div className="mindex-list" data-testid="mindex-projects">
        {projects.isPending ? (
          <PlainSkeleton />
        ) : !projects.data?.rows.length ? (
          <PlainEmpty description={t('projects.hall.none')} />
        ) : (
          projects.data.rows.map((p) => (
            <Link key={p.id} to={`/iteminfo?id=${p.id}`} className="mindex-list__item">
              {p.name}
              <small>
                {formatMoney(p.budget)} · {t('projects.field.bidDeadline')} {formatTime(p.bidDeadline)}
              </small>
            </Link>
          ))
        )}
        <Link to="/hall" className="mindex-list__item">
          {t('projects.mobile.more')} →
        </Link>
      </div>
      <h2 className="mobile-index__title">{t('projects.mobile.newestNotices')}</h2>
      <div className="mindex-list" data-testid="mindex-notices">
        {notices.isPending ? (
          <PlainSkeleton />
        ) : !notices.data?.rows.length ? (
          <PlainEmpty description={t('projects.pub.none')} />
        ) : (
          notices.data.rows.map((n) => (
            <Link key={n.id} to={`/pub?id=${n.id}`} className="mindex-list__item">
              {n.title}
              <small>{formatTime(n.createdAt)}</small>
            </Link>
          ))
        )}
        <Link to="/pub" className="mindex-list__item">
          {t('projects.mobile.more')} →
        </Link>
      </div>
    </>
  );
}
