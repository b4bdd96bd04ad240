import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { List, Skeleton, Space } from 'antd';
import { LazyResult as Result } from '@/shared/components/lazy-result';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { publicNoticeQuery, publicNoticesQuery } from '../api/hall';
import { SectionFrame } from './section-frame';
import { FilterSelect, KeywordSearch, UrlPagedResults, useUrlSearch } from './url-list';
import { numberParam } from './url-params';
import '@/shared/styles/listings.css';
import { LinkButton } from '@/shared/components/link-button';
import { NoticeContent } from '@/shared/components/notice-content';

function NoticeDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const notice = useQuery(publicNoticeQuery(id));
  const types = useDictOptions('notice_type');
  if (notice.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (notice.isError) return <Result status="404" title={t('projects.pub.notFound')} />;
  const n = notice.data;
  return (
    <article data-testid="notice-detail">
      <h2>{n.title}</h2>
      <Space wrap className="muted" style={{ marginBottom: 16 }}>
        <DictTag options={types.dict} value={n.noticeType} />
        <span>{formatTime(n.createdAt)}</span>
        {n.projectId ? <Link to={`/iteminfo?id=${n.projectId}`}>{t('projects.pub.project')}</Link> : null}
      </Space>
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
      <div className="hall-filters" role="search">
        <KeywordSearch
          key={filters.keyword ?? ''}
          keyword={filters.keyword}
          onSearch={(keyword) => update({ keyword })}
          placeholder={t('projects.pub.keywordPlaceholder')}
        />
        <FilterSelect
          label={t('projects.pub.type')}
          value={filters.noticeType}
          onChange={(v) => update({ noticeType: v })}
          options={types.options}
        />
      </div>
      <UrlPagedResults query={notices} search={search} emptyText={t('projects.pub.none')}>
        {(rows) => (
          <List
            dataSource={rows}
            renderItem={(n) => (
              <List.Item extra={<span className="muted">{formatTime(n.createdAt)}</span>}>
                <Space wrap>
                  <DictTag options={types.dict} value={n.noticeType} />
                  <Link to={`/pub?id=${n.id}`} data-testid="notice-link">
                    {n.title}
                  </Link>
                </Space>
              </List.Item>
            )}
          />
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
      {id ? (
        <>
          <LinkButton to="/pub" type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }}>
            {t('projects.pub.back')}
          </LinkButton>
          <NoticeDetail id={id} />
        </>
      ) : (
        <NoticeList />
      )}
    </SectionFrame>
  );
}
