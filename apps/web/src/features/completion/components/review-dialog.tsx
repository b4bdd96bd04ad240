import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';
import { isShownOnField, sendWithFieldRefusals, type FieldNames } from '@/shared/lib/form-submit';
import { i18n } from '@/shared/lib/i18n';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { COMPLETION_URL } from '../api/completion';

/** The summary's line of the files attached: their count (their names are the uploads' own). */
export function fileCountItem(label: string, files: readonly string[]) {
  return { key: 'files', label, children: i18n.t('completion.fileCount', { count: files.length }) };
}

interface ReviewDialogProps<V, B> {
  title: string;
  form: FormInstance<V>;
  /** Form name: also the prefix of its fields' ids. */
  name: string;
  initialValues?: Partial<V>;
  /** The valid form's values as the body to send. */
  toBody: (values: V) => B;
  /** The body shown once more before it is sent. */
  summary: (body: B) => ReactNode;
  /** Sends the body under the Idempotency-Key of this attempt. */
  send: (body: B, idempotencyKey: string) => Promise<unknown>;
  /** The toast once recorded. */
  done: string;
  /** The form's names of body fields it calls differently. */
  fieldNames?: FieldNames;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A record that binds (a contract, an acceptance): the form, then what it says shown once more, sent
 * only when confirmed. One Idempotency-Key per body, kept until answered, so a retry after a lost
 * answer records once. A refusal of a field goes back to the form with the message under it.
 */
export function ReviewDialog<V extends object, B>({
  title,
  form,
  name,
  initialValues,
  toBody,
  summary,
  send,
  done,
  fieldNames,
  onClose,
  children,
}: ReviewDialogProps<V, B>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<B | null>(null);
  const idempotency = useIdempotencyKey();
  // Taken at the click, before the button re-renders as loading: a double click records once.
  const sending = useRef(false);

  const record = useMutation({
    mutationFn: (body: B) => send(body, idempotency.keyFor(body)),
    onSuccess: () => {
      idempotency.answered();
      feedback().message.success(done);
      void client.invalidateQueries({ queryKey: [COMPLETION_URL] });
      onClose();
    },
  });

  const confirm = async () => {
    if (confirming === null || sending.current) return;
    sending.current = true;
    try {
      await sendWithFieldRefusals(form, () => record.mutateAsync(confirming), fieldNames);
    } catch (error) {
      // Anything but a field's refusal was shown by the request wrapper; confirming again resends
      // under the same key.
      if (isShownOnField(error)) setConfirming(null);
    } finally {
      sending.current = false;
    }
  };

  const footer =
    confirming !== null
      ? [
          <Button key="back" disabled={record.isPending} onClick={() => setConfirming(null)}>
            {t('completion.review.back')}
          </Button>,
          <Button key="confirm" type="primary" loading={record.isPending} onClick={() => void confirm()}>
            {t('completion.review.confirm')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="review" type="primary" onClick={() => form.submit()}>
            {t('completion.review.next')}
          </Button>,
        ];

  return (
    <Modal open destroyOnHidden width={mobile ? '100%' : 640} title={title} onCancel={onClose} footer={footer}>
      {confirming !== null ? (
        <div data-testid={`${name}-confirm`}>
          <Typography.Paragraph>{t('completion.review.intro')}</Typography.Paragraph>
          {summary(confirming)}
        </div>
      ) : null}
      {/* Kept while the record is confirmed, so "Back" returns to what was typed. */}
      <Form<V>
        form={form}
        layout="vertical"
        name={name}
        hidden={confirming !== null}
        initialValues={initialValues}
        onFinish={(values) => setConfirming(toBody(values))}
      >
        {children}
      </Form>
    </Modal>
  );
}
