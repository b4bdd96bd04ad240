import { Modal, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '@/shared/lib/app-state';
import { NoticeContent } from './notice-content';

/**
 * A notice as its readers see it, in a dialog: the title, a line of what the page says about it
 * (type, audience, project, time), then its stored HTML (sanitised by the server on save). While
 * `open` and the notice is still loading, a skeleton.
 */
export function NoticeModal({
  open,
  notice,
  meta,
  testId,
  onClose,
}: {
  open: boolean;
  notice: { title: string; content: string } | null | undefined;
  meta: ReactNode;
  testId?: string;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  return (
    <Modal
      open={open}
      title={notice?.title}
      footer={null}
      width={mobile ? '100%' : 800}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice ? (
        <div data-testid={testId}>
          <Space wrap style={{ marginBottom: 12 }}>
            {meta}
          </Space>
          <NoticeContent html={notice.content} />
        </div>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
