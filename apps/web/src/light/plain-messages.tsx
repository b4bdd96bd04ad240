import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerFeedbackApis, type MessageApi } from '@/shared/lib/notify';
import './plain-messages.css';

type Kind = keyof MessageApi;
interface Shown {
  id: number;
  kind: Kind;
  text: string;
  key?: unknown;
}

/** antd's message arguments: the content, or `{ content, duration (s), key }`. */
function readArgs(args: unknown[]): { text: string; seconds: number; key?: unknown } {
  const [first, second] = args;
  if (first && typeof first === 'object' && 'content' in first) {
    const config = first as { content: unknown; duration?: number; key?: unknown };
    return { text: String(config.content), seconds: config.duration ?? 3, key: config.key };
  }
  return { text: String(first ?? ''), seconds: typeof second === 'number' ? second : 3 };
}

let show: ((kind: Kind, args: unknown[]) => () => void) | null = null;

/**
 * The light client's messages (a refused call, a duplicate submit), without antd: the same calls as
 * the app's (`feedback().message`), shown at the top of the page and read out (errors as alerts). A
 * confirmation, which only a signed-in visitor is asked for, is the browser's own.
 */
export function registerPlainFeedback(): void {
  const method =
    (kind: Kind) =>
    (...args: unknown[]) =>
      show ? show(kind, args) : () => undefined;
  registerFeedbackApis({
    message: {
      success: method('success'),
      error: method('error'),
      warning: method('warning'),
      info: method('info'),
      loading: method('loading'),
    } as unknown as MessageApi,
    modal: {
      confirm(config) {
        const title = [config.title, config.content].filter((part) => typeof part === 'string').join('\n');
        if (window.confirm(title)) void config.onOk?.();
        else config.onCancel?.();
      },
    },
  });
}

let nextId = 0;

/** Where the messages show: nothing while there are none, so the drawn page hydrates as it was drawn. */
export function PlainMessages() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown[]>([]);
  useEffect(() => {
    show = (kind, args) => {
      const { text, seconds, key } = readArgs(args);
      nextId += 1;
      const id = nextId;
      // A message with the key of one shown replaces it, as antd's does.
      setShown((list) => [...list.filter((m) => key === undefined || m.key !== key), { id, kind, text, key }]);
      const close = () => setShown((list) => list.filter((m) => m.id !== id));
      if (seconds > 0) window.setTimeout(close, seconds * 1000);
      return close;
    };
    return () => {
      show = null;
    };
  }, []);
  if (shown.length === 0) return null;
  return (
    <div className="plain-messages">
      {shown.map((m) => (
        <div
          key={m.id}
          className={`plain-messages__item plain-messages__item--${m.kind}`}
          role={m.kind === 'error' || m.kind === 'warning' ? 'alert' : 'status'}
        >
          <span>{m.text}</span>
          <button
            type="button"
            className="plain-messages__close"
            aria-label={t('common.close')}
            onClick={() => setShown((list) => list.filter((x) => x.id !== m.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
