import { TEMPLATE_PLACEHOLDERS, type TemplateBody } from '@lvb/contracts/guarantees';
import { IMAGE_TYPES } from '@lvb/contracts/limits';
import { Form, Input, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { saveGuaranteeRecord, TEMPLATE_UPLOAD_URL, TEMPLATES_URL, type TemplateRow } from '../api/products';

interface TemplateForm {
  name: string;
  bodyZh: string;
  bodyEn: string;
  letterhead: UploadedFile[];
  seal: UploadedFile[];
}

type BodyField = 'bodyZh' | 'bodyEn';

const stored = (name: string | null): UploadedFile[] => (name ? [{ name, url: name, uid: name }] : []);

/**
 * Adds or edits a letter template: its name, the Chinese and English text with placeholders (a
 * chip inserts one where the cursor stands in the text last edited), the letterhead and the seal.
 */
export function TemplateDialog({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: TemplateRow | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateForm>();
  const idempotency = useIdempotencyKey();
  // The text the cursor was last in, and where in it.
  const caret = useRef<{ field: BodyField; at: number }>({ field: 'bodyZh', at: -1 });

  const remember = (field: BodyField) => (event: { currentTarget: HTMLTextAreaElement }) => {
    caret.current = { field, at: event.currentTarget.selectionStart };
  };
  const insert = (placeholder: string) => {
    const { field, at } = caret.current;
    const text = form.getFieldValue(field) ?? '';
    const where = at < 0 || at > text.length ? text.length : at;
    const token = `{{${placeholder}}}`;
    form.setFieldValue(field, text.slice(0, where) + token + text.slice(where));
    caret.current = { field, at: where + token.length };
  };
  const bodyField = (field: BodyField) => ({
    onSelect: remember(field),
    onKeyUp: remember(field),
    onClick: remember(field),
    // Leaving the text for a chip: where the cursor stood last.
    onBlur: remember(field),
  });

  return (
    <FormDialog<TemplateForm>
      open={open}
      title={t(row ? 'guarantees.template.editTitle' : 'guarantees.template.addTitle')}
      form={form}
      name="template"
      width={760}
      initialValues={
        row
          ? { ...row, letterhead: stored(row.letterhead), seal: stored(row.seal) }
          : { letterhead: [], seal: [], bodyEn: '' }
      }
      onClose={onClose}
      onSubmit={async (values) => {
        const body: TemplateBody = {
          name: values.name.trim(),
          bodyZh: values.bodyZh.trim(),
          bodyEn: (values.bodyEn ?? '').trim(),
          letterhead: values.letterhead[0]?.url ?? null,
          seal: values.seal[0]?.url ?? null,
        };
        await saveGuaranteeRecord(TEMPLATES_URL, row?.id, body, idempotency.keyFor(body));
        idempotency.answered();
        feedback().message.success(t('guarantees.saved'));
        await onSaved();
      }}
    >
      <Form.Item
        name="name"
        label={t('guarantees.template.name')}
        rules={[{ required: true, whitespace: true, min: 2, message: t('guarantees.product.nameRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label={t('guarantees.template.placeholders')} extra={t('guarantees.template.placeholdersHint')}>
        <Space size={[4, 8]} wrap data-testid="placeholders">
          {TEMPLATE_PLACEHOLDERS.map((p) => (
            <Tag.CheckableTag key={p} checked={false} onChange={() => insert(p)}>
              <Typography.Text code>{`{{${p}}}`}</Typography.Text> {t(`guarantees.placeholder.${p}`)}
            </Tag.CheckableTag>
          ))}
        </Space>
      </Form.Item>
      <Form.Item
        name="bodyZh"
        label={t('guarantees.template.bodyZh')}
        rules={[{ required: true, whitespace: true, min: 10, message: t('guarantees.template.bodyRequired') }]}
      >
        <Input.TextArea rows={8} maxLength={10_000} lang="zh-CN" {...bodyField('bodyZh')} />
      </Form.Item>
      <Form.Item name="bodyEn" label={t('guarantees.template.bodyEn')}>
        <Input.TextArea rows={6} maxLength={10_000} lang="en" {...bodyField('bodyEn')} />
      </Form.Item>
      <Form.Item name="letterhead" label={t('guarantees.template.letterhead')}>
        <FileUpload limit={1} fileTypes={IMAGE_TYPES} action={TEMPLATE_UPLOAD_URL} />
      </Form.Item>
      <Form.Item name="seal" label={t('guarantees.template.seal')}>
        <FileUpload limit={1} fileTypes={IMAGE_TYPES} action={TEMPLATE_UPLOAD_URL} />
      </Form.Item>
    </FormDialog>
  );
}
