import { PlusOutlined } from '@ant-design/icons';
import { IMAGE_PREVIEW_WIDTH_PX, IMAGE_TYPES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@lvb/contracts/limits';
import { Modal, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/lib/notify';
import { uploadFile } from '@/shared/lib/upload';
import { toUploadFiles, UploadHint, useUploadRules, type UploadFieldProps } from './file-upload';

interface ImageUploadProps extends UploadFieldProps {
  /** Turns a stored fileName into a displayable address (e.g. a download URL). */
  resolveUrl?: (fileName: string) => string;
}

/** Image upload (spec §5): png/jpg/jpeg, at most 5, previewed in an 800 px dialog. */
export function ImageUpload({
  value = [],
  onChange,
  limit = UPLOAD_MAX_FILES,
  fileSize = UPLOAD_MAX_MB,
  fileTypes = IMAGE_TYPES,
  showHint = true,
  resolveUrl = (fileName) => fileName,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const rules = useUploadRules({ value, onChange, limit, fileTypes });

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading((n) => n + 1);
    uploadFile(file as File)
      .then((answer) => onSuccess?.(answer))
      .catch((error: unknown) => {
        feedback().message.error(t('upload.imageFailed'));
        onError?.(error as Error);
      })
      .finally(() => setUploading((n) => n - 1));
  };

  return (
    <div className="image-upload">
      <Upload
        listType="picture-card"
        multiple
        fileList={toUploadFiles(value, resolveUrl)}
        customRequest={customRequest}
        {...rules}
        onChange={({ file }) => {
          if (file.status === 'done') {
            const answer = file.response as { fileName: string };
            onChange?.([...value, { name: file.name, url: answer.fileName, uid: file.uid }]);
          }
        }}
        onPreview={(file) => setPreview(file.url ?? file.thumbUrl ?? null)}
      >
        {value.length + uploading < limit ? (
          <div className="image-upload__add">
            <PlusOutlined />
            <div>{t('upload.selectImage')}</div>
          </div>
        ) : null}
      </Upload>
      {showHint ? <UploadHint size={fileSize} types={fileTypes} /> : null}
      <Modal
        open={!!preview}
        title={t('upload.preview')}
        footer={null}
        width={IMAGE_PREVIEW_WIDTH_PX}
        onCancel={() => setPreview(null)}
      >
        {preview ? (
          <img
            src={preview}
            alt={t('upload.preview')}
            style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
