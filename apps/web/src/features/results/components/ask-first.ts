import type { ModalFuncProps } from 'antd';
import { feedback } from '@/shared/lib/notify';

/** The person answered "cancel" (or the question was already open): nothing was sent. */
export class NotConfirmed extends Error {
  constructor() {
    super('not confirmed');
    this.name = 'NotConfirmed';
  }
}

const asking = new Set<string>();

/**
 * Asks before a form's binding step (a project failed, a result passed on) and sends it only once
 * confirmed. Unlike `confirmOnce`, the form's dialog waits for the outcome: it answers the step's
 * answer, or rejects with `NotConfirmed` or with the step's own refusal, which the form puts under
 * the field it names (FormDialog catches both, so nothing is left uncaught). One question per key.
 */
export function sendAfterConfirm<T>(
  key: string,
  question: Omit<ModalFuncProps, 'onOk' | 'onCancel' | 'afterClose'>,
  send: () => Promise<T>,
): Promise<T> {
  if (asking.has(key)) return Promise.reject(new NotConfirmed());
  asking.add(key);
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      asking.delete(key);
      finish();
    };
    feedback().modal.confirm({
      ...question,
      onOk: async () => {
        try {
          const answer = await send();
          settle(() => resolve(answer));
        } catch (error) {
          settle(() => reject(error));
        }
      },
      onCancel: () => settle(() => reject(new NotConfirmed())),
      afterClose: () => settle(() => reject(new NotConfirmed())),
    });
  });
}
