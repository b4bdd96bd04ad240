import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/repeat.ts';
import { createProjectsService } from '../projects/projects.service.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { createDrawsService } from './draws.service.ts';

/**
 * Asks past their deadline by the business clock expire, and the next contractor in the drawn
 * order is asked (or the project fails when none is left). Every instance ticks; the engine's SKIP
 * LOCKED moves each ask exactly once.
 */
export function drawsTicker(db: Db, bidKey: Buffer, sms: SmsProvider, onError: (err: unknown) => void) {
  const settings = createSettingsService({ db });
  return createDrawsService({
    db,
    bidKey,
    projects: createProjectsService({ db, settings }),
    settings,
    sms,
    onSmsFailure: onError,
  });
}

export function startDrawScheduler(
  db: Db,
  bidKey: Buffer,
  sms: SmsProvider,
  intervalMs: number,
  onError: (err: unknown) => void,
) {
  const draws = drawsTicker(db, bidKey, sms, onError);
  return runEvery(intervalMs, () => draws.expireDue(), onError);
}
