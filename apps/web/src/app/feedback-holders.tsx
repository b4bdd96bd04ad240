import { message, Modal } from 'antd';
import { useEffect } from 'react';
import { registerFeedbackApis } from '@/shared/lib/notify';

/** Holder of the messages of shared/lib/notify.ts; loaded with the first one. */
export function MessageHolder() {
  const [api, holder] = message.useMessage();
  useEffect(() => registerFeedbackApis({ message: api }), [api]);
  return holder;
}

/** Holder of the confirmation dialogs of shared/lib/notify.ts; loaded with the first one. */
export function DialogHolder() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => registerFeedbackApis({ modal }), [modal]);
  return holder;
}
