import { formatYuan } from '@lvb/contracts/money';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeeRecord } from '@/shared/components/after-award';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { confirmOnce } from '@/shared/lib/confirm';
import { sendWithFieldRefusals, validValues } from '@/shared/lib/form-submit';

/** A voucher is a scan or a photo of the bank transfer, or its PDF. */
const VOUCHER_TYPES = ['pdf', 'png', 'jpg', 'jpeg'] as const;

/**
 * The winner's bank-transfer voucher of the service fee: uploaded first, then submitted (after a
 * confirmation naming the amount) by the stored name the upload answered. After finance rejected
 * one, its reason stands above and another may be submitted.
 */
export function VoucherForm({ fee, onSubmit }: { fee: FeeRecord; onSubmit: (voucher: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ voucher: UploadedFile[] }>();
  const submit = async () => {
    const values = await validValues(form);
    const voucher = values?.voucher[0]?.url;
    if (!voucher) return;
    confirmOnce(`fee:voucher:${fee.id}`, {
      title: t('supplierResult.voucher.submit'),
      content: t('supplierResult.voucher.confirm', { amount: formatYuan(fee.feeFen) }),
      okText: t('supplierResult.voucher.submit'),
      cancelText: t('common.cancel'),
      run: async () => {
        await sendWithFieldRefusals(form, () => onSubmit(voucher));
        form.resetFields();
      },
    });
  };
  return (
    <div data-testid="voucher-form">
      {fee.status === 'rejected' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('supplierResult.voucher.rejected')}
          description={fee.rejectReason}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('supplierResult.voucher.due', { amount: formatYuan(fee.feeFen) })}
        />
      )}
      <Form form={form} layout="vertical" name="voucher" initialValues={{ voucher: [] }}>
        <Form.Item
          name="voucher"
          label={t('supplierResult.voucher.label')}
          rules={[{ required: true, type: 'array', min: 1, message: t('supplierResult.voucher.required') }]}
        >
          <FileUpload limit={1} fileTypes={VOUCHER_TYPES} />
        </Form.Item>
        <Button type="primary" onClick={() => void submit()}>
          {t('supplierResult.voucher.submit')}
        </Button>
      </Form>
    </div>
  );
}
