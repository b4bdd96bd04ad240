import type { ClaimBody } from '@lvb/contracts/guarantees';
import { formatYuan } from '@lvb/contracts/money';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { NumberInput } from '@/shared/components/number-input';
import { useIsMobile } from '@/shared/lib/app-state';
import { isShownOnField, sendWithFieldRefusals } from '@/shared/lib/form-submit';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { RequestError } from '@/shared/lib/request';
import { fenValue, moneyRule } from '@/shared/lib/strict-number';
import { APPLICATIONS_URL, CLAIMS_URL, fileClaim } from '../api/applications';

interface ClaimForm {
  /** The claimed amount as typed, in yuan. */
  amount: string;
  reason: string;
  files?: UploadedFile[];
}

const MAX_CLAIM_FILES = 10;

/** The server's body fields as the form names them. */
const FIELD_NAMES = { amountFen: 'amount' } as const;

/**
 * The owner, as the beneficiary, claims on the letter an application holds: the amount (typed in
 * yuan, at most the letter's, shown in figures and capital numerals), the reason and the files.
 * What it says is shown once more and filed only when confirmed (a binding act), under one
 * Idempotency-Key per body; a refusal of a field goes back to the form with the server's message.
 */
export function ClaimDialog({
  applicationId,
  letterNo,
  letterAmountFen,
  onClose,
}: {
  applicationId: number;
  letterNo: string;
  letterAmountFen: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const idempotency = useIdempotencyKey();
  const [form] = Form.useForm<ClaimForm>();
  const typed = fenValue(Form.useWatch('amount', form));
  const [confirming, setConfirming] = useState<ClaimBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Taken at the click, before the button re-renders as loading: a double click files once.
  const sending = useRef(false);

  const confirm = async () => {
    if (confirming === null || sending.current) return;
    sending.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      await sendWithFieldRefusals(form, () => fileClaim(confirming, idempotency.keyFor(confirming)), FIELD_NAMES);
      idempotency.answered();
      feedback().message.success(t('applications.guarantee.claim.done'));
      onClose();
      await invalidate(APPLICATIONS_URL, CLAIMS_URL);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      // A field's refusal stands under the field: back to the form. Any other stays above the summary.
      if (isShownOnField(error)) setConfirming(null);
      else {
        const body = error.body as { msg?: unknown } | undefined;
        setRefusal(typeof body?.msg === 'string' && body.msg ? body.msg : error.message);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const footer =
    confirming !== null
      ? [
          <Button key="back" disabled={busy} onClick={() => setConfirming(null)}>
            {t('applications.guarantee.claim.back')}
          </Button>,
          <Button key="confirm" type="primary" danger loading={busy} onClick={() => void confirm()}>
            {t('applications.guarantee.claim.confirm')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="next" type="primary" onClick={() => form.submit()}>
            {t('applications.guarantee.claim.next')}
          </Button>,
        ];

  const words = { figures: t('applications.guarantee.figures'), words: t('applications.guarantee.words') };

  return (
    <Modal
      open
      destroyOnHidden
      width={mobile ? '100%' : 640}
      title={t('applications.guarantee.claim.title', { letterNo })}
      onCancel={onClose}
      footer={footer}
    >
      {confirming !== null ? (
        <div data-testid="claim-confirm">
          {refusal ? (
            <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="claim-refusal" />
          ) : null}
          <Typography.Paragraph>{t('applications.guarantee.claim.intro', { letterNo })}</Typography.Paragraph>
          <Facts
            items={[
              ...amountInWordsItems(confirming.amountFen, words, 'claim-amount'),
              { key: 'reason', label: t('applications.guarantee.claim.reason'), children: confirming.reason },
              {
                key: 'files',
                label: t('applications.guarantee.claim.files'),
                children: t('applications.guarantee.claim.fileCount', { count: confirming.files.length }),
              },
            ]}
          />
        </div>
      ) : null}
      {/* Kept while the claim is confirmed, so "Back" returns to what was typed. */}
      <Form<ClaimForm>
        form={form}
        layout="vertical"
        name="claim"
        hidden={confirming !== null}
        initialValues={{ amount: '', reason: '', files: [] }}
        onFinish={(values) =>
          setConfirming({
            applicationId,
            amountFen: fenValue(values.amount)!,
            reason: values.reason.trim(),
            files: (values.files ?? []).map((f) => f.url),
          })
        }
      >
        <Form.Item
          name="amount"
          label={t('applications.guarantee.claim.amount')}
          extra={t('applications.guarantee.claim.amountHint', { amount: formatYuan(letterAmountFen) })}
          rules={[
            moneyRule({
              required: true,
              message: t('applications.guarantee.claim.amountInvalid'),
              check: (fen) =>
                fen > letterAmountFen
                  ? t('applications.guarantee.claim.amountTooHigh', { amount: formatYuan(letterAmountFen) })
                  : null,
            }),
          ]}
        >
          <NumberInput prefix="¥" placeholder="0.00" />
        </Form.Item>
        {typed !== undefined && typed <= letterAmountFen ? (
          <Form.Item>
            <Facts testId="claim-typed" items={amountInWordsItems(typed, words, 'claim-typed')} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t('applications.guarantee.claim.reason')}
          rules={[
            { required: true, whitespace: true, message: t('applications.guarantee.claim.reasonRequired') },
            { min: 2, message: t('applications.guarantee.claim.reasonRequired') },
            { max: 2000 },
          ]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="files" label={t('applications.guarantee.claim.files')}>
          <FileUpload limit={MAX_CLAIM_FILES} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
