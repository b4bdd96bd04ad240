import { FileOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadGet } from '@/shared/lib/download';
import type { ApplicationRow } from '../api/applications';

/** An application's qualification documents, each downloaded by its opaque name. */
export function ApplicationDocuments({ documents }: { documents: ApplicationRow['documents'] }) {
  const { t } = useTranslation();
  if (documents.length === 0)
    return <Typography.Text type="secondary">{t('applications.noDocuments')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {documents.map((d) => (
        <Button
          key={d.fileName}
          type="link"
          size="small"
          icon={<FileOutlined />}
          style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() =>
            void downloadGet('/common/download', { fileName: d.fileName }, d.originalName).catch(() => undefined)
          }
        >
          {d.originalName}
        </Button>
      ))}
    </Space>
  );
}
