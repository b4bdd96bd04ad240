import type { ModalFuncProps } from 'antd';
import { feedback } from './notify';
import { RequestError } from './request';

const asking = new Set<string>();

export interface ConfirmOnceProps extends Omit<ModalFuncProps, 'onOk' | 'onCancel' | 'afterClose'> {
  /** The action asked about; the OK button spins while it runs. */
  run: () => Promise<unknown>;
}

/**
 * Asks before an action, one dialog per `key` at a time: a double click on the button that asks
 * does not stack a second confirmation (which would send the call again and be refused). A refused
 * call closes the dialog; the request wrapper has shown why, and nothing is left uncaught (antd
 * passes a rejected `onOk` on as an unhandled rejection).
 */
export function confirmOnce(key: string, { run, ...config }: ConfirmOnceProps): void {
  if (asking.has(key)) return;
  asking.add(key);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    asking.delete(key);
  };
  feedback().modal.confirm({
    ...config,
    onOk: async () => {
      try {
        await run();
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
      } finally {
        finish();
      }
    },
    onCancel: finish,
    afterClose: finish,
  });
}
