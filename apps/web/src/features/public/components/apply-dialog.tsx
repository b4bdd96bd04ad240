import { formatYuan } from '@lvb/contracts/money';
import { Alert, Form, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { formatTime } from '@/shared/lib/format';
import { applyToProject, deleteDraftDocument } from '../api/apply';
import type { HallProjectDetail } from '../api/hall';

interface ApplyValues {
  contactName: string;
  contactTel: string;
  guaranteeLetterNo?: string;
  documents: UploadedFile[];
}

/**
 * The apply form: contact, qualification documents (uploaded first, attached on submit) and, when
 * the project requires a guarantee, a notice of it and an optional letter number: the letter may
 * also be chosen later under My applications, before the bid deadline. A document taken off the
 * list before submitting is deleted on the server, so no draft stays behind.
 */
export function ApplyDialog({
  project: p,
  open,
  defaults,
  onClose,
  onApplied,
}: {
  project: HallProjectDetail;
  open: boolean;
  defaults: { contactName: string; contactTel: string };
  onClose: () => void;
  onApplied: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyValues>();
  const shown = useRef<UploadedFile[]>([]);

  const onDocuments = (next: UploadedFile[]) => {
    const kept = new Set(next.map((f) => f.url));
    for (const gone of shown.current.filter((f) => !kept.has(f.url))) {
      void deleteDraftDocument(gone.url).catch(() => undefined);
    }
    shown.current = next;
  };

  return (
    <FormDialog<ApplyValues>
      open={open}
      title={t('applications.apply.title', { project: p.name })}
      form={form}
      name="apply"
      width={600}
      refusalTestId="apply-refusal"
      okText={t('common.submit')}
      initialValues={{ ...defaults, documents: [] }}
      onClose={() => {
        shown.current = [];
        onClose();
      }}
      onSubmit={async ({ documents, guaranteeLetterNo, ...rest }) => {
        await applyToProject(p.id, {
          ...rest,
          guaranteeLetterNo: guaranteeLetterNo?.trim() || undefined,
          documents: documents.map((d) => d.url),
        });
        shown.current = [];
        await onApplied();
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('applications.apply.intro', { start: formatTime(p.signupStart), deadline: formatTime(p.bidDeadline) })}
      />
      <Form.Item
        name="contactName"
        label={t('applications.field.contactName')}
        rules={[{ required: true, whitespace: true, message: t('applications.apply.contactRequired') }, { max: 50 }]}
      >
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="contactTel"
        label={t('applications.field.contactTel')}
        rules={[{ required: true, pattern: /^[0-9+\-() ]{6,20}$/, message: t('applications.apply.telRequired') }]}
      >
        <Input maxLength={20} autoComplete="tel" />
      </Form.Item>
      {p.guaranteeRequired ? (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="apply-guarantee-notice"
            title={t('applications.apply.guaranteeNotice', { amount: formatYuan(p.guaranteeAmount) })}
          />
          <Form.Item
            name="guaranteeLetterNo"
            label={t('applications.field.guaranteeLetterNo')}
            extra={t('applications.apply.guaranteeLetterHint')}
            rules={[{ max: 50 }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        name="documents"
        label={t('applications.field.documents')}
        rules={[{ required: true, type: 'array', min: 1, message: t('applications.apply.documentsRequired') }]}
        getValueFromEvent={(files: UploadedFile[]) => {
          onDocuments(files);
          return files;
        }}
      >
        <FileUpload />
      </Form.Item>
    </FormDialog>
  );
}
