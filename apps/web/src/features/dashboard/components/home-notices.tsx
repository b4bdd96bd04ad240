import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Modal, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { useIsMobile } from '@/shared/lib/app-state';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/list';
import { myNoticesQuery, type MyNotice } from '@/shared/api/my-notices';
import '@/shared/styles/listings.css';
import { NoticeContent } from '@/shared/components/notice-content';

/** The newest notices for the signed-in person (everyone's and their side's), on the admin home. */
export function HomeNotices() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const types = useDict('notice_type');
  const notices = useQuery(myNoticesQuery({ pageNum: 1, pageSize: 6 }));
  const [open, setOpen] = useState<MyNotice | null>(null);
  return (
    <Card
      className="page-card"
      data-testid="home-notices"
      title={
        <Space>
          <NotificationOutlined />
          {t('notices.homeTitle')}
        </Space>
      }
    >
      {notices.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !notices.data?.rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.homeEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={notices.data.rows}
          renderItem={(n) => (
            <List.Item
              extra={<span className="muted">{formatTime(n.createdAt).slice(0, 10)}</span>}
              className="home-notices__item"
            >
              <Space wrap size={6}>
                <DictTag options={types.data} value={n.noticeType} />
                <a
                  onClick={() => setOpen(n)}
                  role="button"
                  tabIndex={0}
                  onKeyDown={(e) => e.key === 'Enter' && setOpen(n)}
                >
                  {n.title}
                </a>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={open !== null}
        title={open?.title}
        footer={null}
        width={mobile ? '100%' : 800}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        {open ? (
          <div data-testid="home-notice-content">
            <p className="muted">{formatTime(open.createdAt)}</p>
            {/* Stored HTML, sanitised by the server on save. */}
            <NoticeContent html={open.content} />
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}
