import { ACCEPTANCE_CONCLUSIONS, type AcceptanceBody } from '@lvb/contracts/completion';
import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/shared/components/facts';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { recordAcceptance, type CompletionDetail } from '../api/completion';
import { fileCountItem, ReviewDialog } from './review-dialog';

interface AcceptanceForm {
  inspectedOn: Dayjs;
  conclusion: AcceptanceBody['conclusion'];
  remarks?: string;
  files?: UploadedFile[];
}

const MAX_ACCEPTANCE_FILES = 10;

/**
 * The owner records the inspection of the finished works: its date, the conclusion (a failed one
 * says what failed), the files. Shown once more and recorded when confirmed: the project becomes
 * accepted, or completed when its service fee is settled.
 */
export function AcceptanceDialog({ detail, onClose }: { detail: CompletionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AcceptanceForm>();
  const failed = Form.useWatch('conclusion', form) === 'failed';
  const label = (value: AcceptanceBody['conclusion']) => t(`completion.acceptance.conclusion.${value}`);
  return (
    <ReviewDialog<AcceptanceForm, AcceptanceBody>
      title={t('completion.acceptance.title', { name: detail.name })}
      form={form}
      name="acceptance"
      initialValues={{ conclusion: 'passed', files: [] }}
      done={t('completion.acceptance.done')}
      onClose={onClose}
      send={(body, key) => recordAcceptance(detail.projectId, body, key)}
      toBody={(values) => ({
        inspectedOn: values.inspectedOn.format('YYYY-MM-DD'),
        conclusion: values.conclusion,
        remarks: values.remarks?.trim() ?? '',
        files: (values.files ?? []).map((f) => f.url),
      })}
      summary={(body) => (
        <Facts
          items={[
            { key: 'date', label: t('completion.acceptance.inspectedOn'), children: body.inspectedOn },
            { key: 'conclusion', label: t('completion.acceptance.conclusionLabel'), children: label(body.conclusion) },
            { key: 'remarks', label: t('completion.acceptance.remarks'), children: body.remarks || t('common.notSet') },
            fileCountItem(t('completion.acceptance.files'), body.files),
          ]}
        />
      )}
    >
      <Form.Item
        name="inspectedOn"
        label={t('completion.acceptance.inspectedOn')}
        rules={[{ required: true, message: t('completion.acceptance.inspectedOnRequired') }]}
      >
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="conclusion" label={t('completion.acceptance.conclusionLabel')} rules={[{ required: true }]}>
        <Radio.Group options={ACCEPTANCE_CONCLUSIONS.map((value) => ({ value, label: label(value) }))} />
      </Form.Item>
      <Form.Item
        name="remarks"
        label={t('completion.acceptance.remarks')}
        extra={failed ? t('completion.acceptance.remarksFailedHint') : null}
        dependencies={['conclusion']}
        rules={[
          { max: 2000 },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (getFieldValue('conclusion') === 'failed' && (value?.trim().length ?? 0) < 2)
                throw new Error(t('completion.acceptance.remarksRequired'));
            },
          }),
        ]}
      >
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="files" label={t('completion.acceptance.files')}>
        <FileUpload limit={MAX_ACCEPTANCE_FILES} />
      </Form.Item>
    </ReviewDialog>
  );
}
