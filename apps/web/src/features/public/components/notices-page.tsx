import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@lvb/contracts/limits';
import { Button, Card, Empty, Input, List, Result, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { PaginationBar } from '@/shared/components/pagination-bar';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { publicNoticeQuery, publicNoticesQuery } from '../api/hall';
import '@/shared/styles/listings.css';

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

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
      {/* The content comes only from GET /api/public/notices/:id, whose HTML the server sanitises
          when the notice is saved; nothing typed in this page is ever rendered as HTML. */}
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: n.content }} />
    </article>
  );
}

function NoticeList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = {
    noticeType: params.get('noticeType') ?? undefined,
    keyword: params.get('keyword') ?? undefined,
    pageNum: num(params.get('pageNum')) ?? 1,
    pageSize: num(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const types = useDictOptions('notice_type');
  const notices = useQuery(publicNoticesQuery(filters));
  const update = (patch: Record<string, string | number | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!keepPage) next.delete('pageNum');
    setParams(next);
  };
  return (
    <>
      <div className="hall-filters" role="search">
        <Input.Search
          className="hall-filters__keyword"
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          placeholder={t('projects.pub.keywordPlaceholder')}
          aria-label={t('projects.pub.keywordPlaceholder')}
        />
        <Select
          allowClear
          placeholder={t('projects.pub.type')}
          value={filters.noticeType}
          onChange={(v?: string) => update({ noticeType: v })}
          options={types.options}
          aria-label={t('projects.pub.type')}
        />
      </div>
      {notices.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : notices.isError ? (
        <Result status="warning" title={t('common.loadFailed')} />
      ) : notices.data.rows.length === 0 ? (
        <Empty description={t('projects.pub.none')} />
      ) : (
        <List
          dataSource={notices.data.rows}
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
      <PaginationBar
        page={filters.pageNum}
        limit={filters.pageSize}
        total={notices.data?.total ?? 0}
        onChange={(next) => update({ pageNum: next.page, pageSize: next.limit }, true)}
      />
    </>
  );
}

/** `/pub`: announcements for everyone; `/pub?id=` opens one. */
export function NoticesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = num(params.get('id'));
  return (
    <div className="public-container public-section">
      <div className="public-section__head">
        <h1>{t('publicPages.pub')}</h1>
        <p>{t('publicPages.pubIntro')}</p>
      </div>
      <Card>
        {id ? (
          <>
            <Link to="/pub">
              <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }}>
                {t('projects.pub.back')}
              </Button>
            </Link>
            <NoticeDetail id={id} />
          </>
        ) : (
          <NoticeList />
        )}
      </Card>
    </div>
  );
}
