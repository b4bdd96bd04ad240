import { i18n } from './i18n';
import { feedback } from './notify';

/**
 * The session-expired confirmation (spec §8). Many calls fail at once when a session ends; only
 * one dialog may be open at a time, so the first caller opens it and the rest are absorbed.
 */
type EndSession = () => Promise<void> | void;

let dialogOpen = false;
let endSession: EndSession = () => undefined;

/** The session module supplies what "log in again" does (sign out, go to the right sign-in page). */
export function registerSessionEnd(action: EndSession): void {
  endSession = action;
}

export function isSessionDialogOpen(): boolean {
  return dialogOpen;
}

export function showSessionExpiredDialog(): void {
  if (dialogOpen) return;
  dialogOpen = true;
  feedback().modal.confirm({
    title: i18n.t('request.sessionExpiredTitle'),
    content: i18n.t('request.sessionExpiredContent'),
    okText: i18n.t('request.loginAgain'),
    cancelText: i18n.t('common.cancel'),
    className: 'session-expired-dialog',
    onOk: async () => {
      await endSession();
    },
    afterClose: () => {
      dialogOpen = false;
    },
  });
}
