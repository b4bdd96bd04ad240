import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Messages and confirmation dialogs for code outside components (request wrapper, guards, list
 * actions), shown through antd's context-aware hook APIs so they follow the theme and locale.
 *
 * The app mounts each holder (and fetches its code) only when a message or a dialog is first asked
 * for: antd's message and Modal (which brings the form engine) are not part of the first load.
 * Calls made before a holder is there wait for it; a message's close function works either way.
 */
export type MessageApi = Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info' | 'loading'>;
export interface ModalApi {
  confirm(config: ModalFuncProps): void;
}
export interface FeedbackApis {
  message: MessageApi;
  modal: ModalApi;
}

type MessageMethod = keyof MessageApi;
type Close = () => void;

let messageApi: MessageApi | null = null;
let modalApi: ModalApi | null = null;
const waitingMessages: { method: MessageMethod; args: unknown[]; closed: boolean; close?: Close }[] = [];
const waitingDialogs: ModalFuncProps[] = [];
export type Holder = 'message' | 'dialog';
const wantedHolders = new Set<Holder>();
const holderListeners = new Set<() => void>();

/** Hands over the hook APIs once their holders are mounted (any of them; tests pass antd's App). */
export function registerFeedbackApis(next: { message?: MessageApi; modal?: ModalApi }): void {
  if (next.message && next.message !== messageApi) {
    messageApi = next.message;
    for (const call of waitingMessages.splice(0)) {
      if (call.closed) continue;
      const close = (messageApi[call.method] as (...args: unknown[]) => unknown)(...call.args);
      if (typeof close === 'function') call.close = close as Close;
    }
  }
  if (next.modal && next.modal !== modalApi) {
    modalApi = next.modal;
    for (const config of waitingDialogs.splice(0)) modalApi.confirm(config);
  }
}

/** Whether a holder should be mounted: set by the first message or dialog asked for. */
export function isHolderWanted(holder: Holder): boolean {
  return wantedHolders.has(holder);
}

export function subscribeHolders(listener: () => void): () => void {
  holderListeners.add(listener);
  return () => holderListeners.delete(listener);
}

function wantHolder(holder: Holder): void {
  if (wantedHolders.has(holder)) return;
  wantedHolders.add(holder);
  holderListeners.forEach((listener) => listener());
}

function deferredMessage(method: MessageMethod) {
  return (...args: unknown[]) => {
    if (messageApi) return (messageApi[method] as (...a: unknown[]) => unknown)(...args);
    const call: (typeof waitingMessages)[number] = { method, args, closed: false };
    waitingMessages.push(call);
    wantHolder('message');
    return () => {
      call.closed = true;
      call.close?.();
    };
  };
}

const deferred: FeedbackApis = {
  message: {
    success: deferredMessage('success'),
    error: deferredMessage('error'),
    warning: deferredMessage('warning'),
    info: deferredMessage('info'),
    loading: deferredMessage('loading'),
  } as MessageApi,
  modal: {
    confirm(config) {
      if (modalApi) {
        modalApi.confirm(config);
        return;
      }
      waitingDialogs.push(config);
      wantHolder('dialog');
    },
  },
};

export function feedback(): FeedbackApis {
  return deferred;
}
