import { Alert, Button, Drawer, Form, Modal, Space } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';
import { isShownOnField, sendWithFieldRefusals, type FieldNames } from '@/shared/lib/form-submit';
import { RequestError } from '@/shared/lib/request';

interface FormDialogProps<T> {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  /** Form name: also the prefix of its fields' ids. */
  name: string;
  initialValues?: Partial<T>;
  width?: number;
  /** A modal (the default) or a side drawer with Save / Cancel at the bottom. */
  variant?: 'modal' | 'drawer';
  /** With a test id, the server's refusal stays on top of the form under that id until the next try. */
  refusalTestId?: string;
  testId?: string;
  /** The confirming button's text when it is not "Save" (e.g. "Confirm"). */
  okText?: string;
  onClose: () => void;
  /**
   * Sends the values; a rejection keeps the dialog open. A refusal naming one of the form's fields
   * stands under that field; any other is shown by the request wrapper.
   */
  onSubmit: (values: T) => Promise<unknown>;
  /** The form's names of body fields it calls differently (shared/lib/form-submit.ts). */
  fieldNames?: FieldNames;
  children: ReactNode;
}

/** The server's own text of a refusal. */
export function refusalText(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  const body = error.body as { msg?: unknown } | undefined;
  return typeof body?.msg === 'string' && body.msg ? body.msg : error.message;
}

/** An add or edit dialog: a vertical form whose Save button validates, saves, then closes. */
export function FormDialog<T extends object>({
  open,
  title,
  form,
  name,
  initialValues,
  width,
  variant = 'modal',
  refusalTestId,
  testId,
  okText,
  onClose,
  onSubmit,
  fieldNames,
  children,
}: FormDialogProps<T>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Every opening starts a new form: a dialog reopened while it was still closing, or for another
  // record, must show that record's values and not what the last one left behind.
  const [prevOpen, setPrevOpen] = useState(open);
  const [round, setRound] = useState(0);
  if (open !== prevOpen) {
    setPrevOpen(open);
    setRefusal(null);
    if (open) setRound((r) => r + 1);
  }
  const body = (
    <>
      {refusalTestId && refusal ? (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid={refusalTestId} />
      ) : null}
      <Form<T>
        key={round}
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={async (values) => {
          setBusy(true);
          setRefusal(null);
          try {
            await sendWithFieldRefusals(form, () => onSubmit(values), fieldNames);
            onClose();
          } catch (error) {
            // shown under its field or by the request wrapper; the input stays for a fix
            setRefusal(isShownOnField(error) ? null : refusalText(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <ResetOnMount form={form} />
        {children}
      </Form>
    </>
  );
  if (variant === 'drawer') {
    return (
      <Drawer
        open={open}
        title={title}
        onClose={onClose}
        size={mobile ? '100%' : (width ?? 520)}
        destroyOnHidden
        data-testid={testId}
        footer={
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {okText ?? t('common.save')}
            </Button>
          </Space>
        }
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={mobile ? '100%' : (width ?? 640)}
    >
      {body}
    </Modal>
  );
}

/** The form instance outlives its dialog; its stored values are replaced by this opening's. */
function ResetOnMount<T>({ form }: { form: FormInstance<T> }) {
  useEffect(() => form.resetFields(), [form]);
  return null;
}
