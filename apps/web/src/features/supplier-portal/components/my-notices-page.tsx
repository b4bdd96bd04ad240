import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Collapse, Empty, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { formatTime } from '@/shared/lib/format';
import { useDict } from '@/shared/lib/dict';
import { openSupplierNotice, supplierNoticesQuery } from '@/shared/api/my-notices';
import '@/shared/styles/listings.css';
import { NoticeContent } from '@/shared/components/notice-content';

/** `sup/supPub`: notices addressed to suppliers (and everyone), newest first. */
export default function MyNoticesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const list = useQuery(supplierNoticesQuery({ pageNum: page.page, pageSize: page.limit }));
  const types = useDict('notice_type');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<string[]>([]);
  // Opening a notice tells the server it was read, once per visit; the home's unread count follows.
  const onChange = (keys: string | string[]) => {
    const now = [keys].flat().map(String);
    const fresh = now.filter((k) => !opened.includes(k));
    setOpened([...new Set([...opened, ...now])]);
    for (const key of fresh)
      void openSupplierNotice(Number(key))
        .then(() => queryClient.invalidateQueries({ queryKey: ['/api/stats/supplier-home'] }))
        .catch(() => undefined);
  };
  return (
    <Card className="page-card" title={t('projects.pages.myNotices')}>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !list.data?.rows.length ? (
        <Empty description={t('projects.pub.none')} />
      ) : (
        <Collapse
          onChange={onChange}
          items={list.data.rows.map((n) => ({
            key: n.id,
            label: (
              <Space wrap>
                <DictTag options={types.data} value={n.noticeType} />
                <span>{n.title}</span>
                <span className="muted">{formatTime(n.createdAt)}</span>
              </Space>
            ),
            // The content comes from GET /api/supplier/notices, whose HTML the server sanitised on save.
            children: <NoticeContent html={n.content} />,
          }))}
        />
      )}
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} autoScroll={false} />
    </Card>
  );
}
