import type { Db } from '../../db/client.ts';
import { smsRepository } from './sms.repository.ts';

/** Where text messages go: the outbox table (development, tests) or an HTTP gateway. */
export interface SmsProvider {
  readonly name: 'outbox' | 'http';
  send(tel: string, content: string): Promise<void>;
}

export function outboxSmsProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(tel, content) {
      await smsRepository.outbox.insert(db, tel, content);
    },
  };
}

/** Posts `{tel, content}` as JSON to the gateway; a non-2xx answer is a failed send. */
export function httpSmsProvider(url: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    name: 'http',
    async send(tel, content) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tel, content }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
