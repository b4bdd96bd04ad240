import { message as staticMessage, Modal as StaticModal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Holder for the context-aware feedback APIs of antd's <App>. Code outside components (request
 * wrapper, guards) shows messages through here so they follow the current theme and locale; until
 * the app mounts it falls back to the static methods.
 */
interface FeedbackApis {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
}

let apis: FeedbackApis | null = null;

export function registerFeedbackApis(next: FeedbackApis): void {
  apis = next;
}

export function feedback(): FeedbackApis {
  return (
    apis ?? { message: staticMessage, modal: StaticModal as unknown as ModalHookAPI, notification: staticNotification }
  );
}
