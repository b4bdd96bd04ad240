import { Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';

interface FormDialogProps<T> {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  /** Form name: also the prefix of its fields' ids. */
  name: string;
  initialValues?: Partial<T>;
  width?: number;
  onClose: () => void;
  /** Sends the values; a rejection keeps the dialog open (the request wrapper shows the message). */
  onSubmit: (values: T) => Promise<unknown>;
  children: ReactNode;
}

/** An add or edit dialog: a vertical form whose OK button validates, saves, then closes. */
export function FormDialog<T extends object>({
  open,
  title,
  form,
  name,
  initialValues,
  width = 640,
  onClose,
  onSubmit,
  children,
}: FormDialogProps<T>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [busy, setBusy] = useState(false);
  // Every opening starts a new form: a dialog reopened while it was still closing, or for another
  // record, must show that record's values and not what the last one left behind.
  const [prevOpen, setPrevOpen] = useState(open);
  const [round, setRound] = useState(0);
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) setRound((r) => r + 1);
  }
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={mobile ? '100%' : width}
    >
      <Form<T>
        key={round}
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={async (values) => {
          setBusy(true);
          try {
            await onSubmit(values);
            onClose();
          } catch {
            // the server's message is shown by the request wrapper; the input stays for a fix
          } finally {
            setBusy(false);
          }
        }}
      >
        <ResetOnMount form={form} />
        {children}
      </Form>
    </Modal>
  );
}

/** The form instance outlives its dialog; its stored values are replaced by this opening's. */
function ResetOnMount<T>({ form }: { form: FormInstance<T> }) {
  useEffect(() => form.resetFields(), [form]);
  return null;
}
