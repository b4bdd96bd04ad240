import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/repeat.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { createGuaranteesService } from './guarantees.service.ts';

/**
 * The letters' ends by the business clock: bid letters released once their project is awarded to
 * another company, fails or is cancelled; letters expired after their last day. Every instance
 * ticks; the engine's SKIP LOCKED moves each letter exactly once.
 */
export function startGuaranteeScheduler(db: Db, sms: SmsProvider, intervalMs: number, onError: (err: unknown) => void) {
  const guarantees = createGuaranteesService({ db, publicBaseUrl: null, sms, onSmsFailure: onError });
  return runEvery(intervalMs, () => guarantees.sweep(), onError);
}
