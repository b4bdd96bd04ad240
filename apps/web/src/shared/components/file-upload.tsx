import { UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_TYPES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@lvb/contracts/limits';
import { Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/lib/notify';
import { RequestError } from '@/shared/lib/request';
import { uploadFile } from '@/shared/lib/upload';

/** An uploaded file (spec §3): name, url (the server's fileName) and uid. */
export interface UploadedFile {
  name: string;
  url: string;
  uid: string;
}

/** What every upload field takes: its files, their count, size and type limits, the hint. */
export interface UploadFieldProps {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  limit?: number;
  fileSize?: number;
  fileTypes?: readonly string[];
  showHint?: boolean;
}

interface FileUploadProps extends UploadFieldProps {
  disabled?: boolean;
  /** Upload address; documents of guarantee letters use their own. */
  action?: string;
}

/** The list antd shows of finished files; `url` turns a stored name into an address to show. */
export function toUploadFiles(files: UploadedFile[], url: (fileName: string) => string = (n) => n): UploadFile[] {
  return files.map((f) => ({ uid: f.uid, name: f.name, url: url(f.url), status: 'done' }));
}

interface UploadRulesOptions {
  value: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  limit: number;
  fileTypes: readonly string[];
}

/** What every upload field shares: the types offered, the count limit (refused with its message), removal. */
export function useUploadRules({
  value,
  onChange,
  limit,
  fileTypes,
}: UploadRulesOptions): Pick<UploadProps, 'accept' | 'beforeUpload' | 'onRemove'> {
  const { t } = useTranslation();
  return {
    accept: fileTypes.map((type) => `.${type}`).join(','),
    beforeUpload: (_, batch) => {
      if (value.length + batch.length > limit) {
        feedback().message.error({ content: t('upload.tooMany', { count: limit }), key: 'upload-limit' });
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onRemove: (file) => {
      onChange?.(value.filter((f) => f.uid !== file.uid));
      return true;
    },
  };
}

/** The size and type limits, as a hint below the field (the server enforces them). */
export function UploadHint({ size, types }: { size: number; types: readonly string[] }) {
  const { t } = useTranslation();
  return <div className="upload-hint">{t('upload.hint', { size, types: types.join('/') })}</div>;
}

/**
 * Document upload (spec §5): at most 5 files by default; the size and type limits are stated in
 * the hint (the server enforces them). Exceeding the count is refused with its message.
 */
export function FileUpload({
  value = [],
  onChange,
  limit = UPLOAD_MAX_FILES,
  fileSize = UPLOAD_MAX_MB,
  fileTypes = DOCUMENT_TYPES,
  showHint = true,
  disabled,
  action,
}: FileUploadProps) {
  const { t } = useTranslation();
  // The list is controlled by `value`, which holds only finished files: antd drops the success of a
  // file it cannot find in its list, so a finished upload is added here, against the latest value.
  const latest = useRef(value);
  latest.current = value;
  const rules = useUploadRules({ value, onChange, limit, fileTypes });

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const hide = feedback().message.loading({ content: t('upload.uploading'), duration: 0 });
    uploadFile(file as File, action)
      .then((answer) => {
        const done = file as File & { uid: string };
        latest.current = [...latest.current, { name: done.name, url: answer.fileName, uid: done.uid }];
        onChange?.(latest.current);
        onSuccess?.(answer);
      })
      .catch((error: unknown) => {
        feedback().message.error(
          error instanceof RequestError && error.code !== 0 ? error.message : t('upload.fileFailed'),
        );
        onError?.(error as Error);
      })
      .finally(hide);
  };

  return (
    <div className="file-upload">
      <Upload multiple disabled={disabled} fileList={toUploadFiles(value)} customRequest={customRequest} {...rules}>
        {value.length < limit ? (
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {t('upload.selectFile')}
          </Button>
        ) : null}
      </Upload>
      {showHint ? <UploadHint size={fileSize} types={fileTypes} /> : null}
    </div>
  );
}
