import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';

interface Statement {
  reason: string;
  files?: UploadedFile[];
}

const MAX_STATEMENT_FILES = 10;

/**
 * A statement the supplier makes once and cannot take back (an objection, a declined award): what
 * it binds the supplier to, the reason (2 to 1000 characters), files where they count. The server's
 * refusal of a field stands under it.
 */
export function StatementDialog({
  open,
  title,
  warning,
  okText,
  withFiles,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  warning: string;
  okText: string;
  withFiles?: boolean;
  onClose: () => void;
  onSubmit: (body: { reason: string; files: string[] }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Statement>();
  return (
    <FormDialog<Statement>
      open={open}
      title={title}
      form={form}
      name="statement"
      okText={okText}
      initialValues={{ reason: '', files: [] }}
      onClose={onClose}
      onSubmit={({ reason, files }) => onSubmit({ reason: reason.trim(), files: (files ?? []).map((f) => f.url) })}
    >
      <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />
      <Form.Item
        name="reason"
        label={t('supplierResult.reason')}
        rules={[
          { required: true, whitespace: true, message: t('supplierResult.reasonRequired') },
          { min: 2, message: t('supplierResult.reasonRequired') },
          { max: 1000 },
        ]}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
      {withFiles ? (
        <Form.Item name="files" label={t('supplierResult.files')}>
          <FileUpload limit={MAX_STATEMENT_FILES} />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
