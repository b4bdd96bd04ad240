import { ArrowLeftOutlined } from '@ant-design/icons';
import { ResultCode } from '@lvb/contracts/errors';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NoticeContent } from '@/shared/components/notice-content';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/lib/page-title';
import { RequestError } from '@/shared/lib/request';
import '@/shared/styles/listings.css';
import { publicNoticeQuery, publicNoticesQuery } from '../api/hall';
import { ChoiceSelect, KeywordBox } from './hall-filters';
import './notices-page.css';
import { PlainDictTag } from './plain-dict-tag';
import './plain-hall.css';
import { PlainLoadFailed, PlainNotFound, PlainSkeleton } from './plain-states';
import { SectionFrame } from './section-frame';
import { UrlPagedResults, useUrlSearch } from './url-list';
import { numberParam } from './url-params';

/**
 * `/pub`: the announcements, in plain HTML (no antd): searched by title and type and paged in the
 * URL; `?id=` opens one.
 */

function NoticeDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const notice = useQuery(publicNoticeQuery(id));
  usePageTitle(notice.data?.title);
  const types = useDictOptions('notice_type');
  if (notice.isPending) return <PlainSkeleton label={t('common.loading')} />;
  if (notice.isError) {
    const missing = notice.error instanceof RequestError && notice.error.code === ResultCode.notFound;
    return missing ? (
      <PlainNotFound title={t('projects.pub.notFound')} />
    ) : (
      <PlainLoadFailed title={t('common.loadFailed')} retry={t('common.retry')} onRetry={() => void notice.refetch()} />
    );
  }
  const n = notice.data;
  return (
    <article className="pn-detail" data-testid="notice-detail">
      <h2 className="pn-detail__title">{n.title}</h2>
      <div className="pn-detail__meta">
        <PlainDictTag options={types.dict} value={n.noticeType} />
        <span>{formatTime(n.createdAt)}</span>
        {n.projectId ? <Link to={`/iteminfo?id=${n.projectId}`}>{t('projects.pub.project')}</Link> : null}
      </div>
      <NoticeContent html={n.content} />
    </article>
  );
}

function NoticeList() {
  const { t } = useTranslation();
  const search = useUrlSearch();
  const { params, update } = search;
  const filters = {
    noticeType: params.get('noticeType') ?? undefined,
    keyword: params.get('keyword') ?? undefined,
    ...search.page,
  };
  const types = useDictOptions('notice_type');
  const notices = useQuery(publicNoticesQuery(filters));
  return (
    <>
      <div className="ph-filters pn-filters" role="search">
        <KeywordBox
          key={filters.keyword ?? ''}
          keyword={filters.keyword}
          onSearch={(keyword) => update({ keyword })}
          placeholder={t('projects.pub.keywordPlaceholder')}
        />
        <ChoiceSelect
          clearable
          label={t('projects.pub.type')}
          value={filters.noticeType}
          options={types.options}
          onChange={(noticeType) => update({ noticeType })}
        />
      </div>
      <UrlPagedResults query={notices} search={search} emptyText={t('projects.pub.none')}>
        {(rows) => (
          <ul className="ph-items pn-list">
            {rows.map((n) => (
              <li key={n.id} className="ph-items__item pn-list__item">
                <span className="ph-items__main">
                  <PlainDictTag options={types.dict} value={n.noticeType} />
                  <Link to={`/pub?id=${n.id}`} data-testid="notice-link">
                    {n.title}
                  </Link>
                </span>
                <span className="pn-list__time">{formatTime(n.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </UrlPagedResults>
    </>
  );
}

/** `/pub`: announcements for everyone; `/pub?id=` opens one. */
export function NoticesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = numberParam(params.get('id'));
  return (
    <SectionFrame title={t('publicPages.pub')} intro={t('publicPages.pubIntro')}>
      <div className="ph-hall pn-page">
        {id ? (
          <>
            <Link to="/pub" className="pn-back">
              <ArrowLeftOutlined aria-hidden="true" />
              <span>{t('projects.pub.back')}</span>
            </Link>
            <NoticeDetail id={id} />
          </>
        ) : (
          <NoticeList />
        )}
      </div>
    </SectionFrame>
  );
}
