import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/repeat.ts';
import { sendTold, type Told } from '../applications/tell-bidders.ts';
import { createProjectsService } from '../projects/projects.service.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { outboxSmsProvider, type SmsProvider } from '../sms/sms.providers.ts';
import { resultsRepository } from './results.repository.ts';
import { awardNotice } from './results.service.ts';

/**
 * The award, judged by the business clock: a project in publicity whose publicity has ended with
 * no objection open. The engine's fireDue locks the due projects with SKIP LOCKED (an objection
 * being filed holds the project's lock, so its project is skipped until the next tick): with two
 * instances ticking at once each project is awarded exactly once. The notices are written in the
 * award's transaction, the SMS sent after it committed.
 */
export async function runAwardTick(
  db: Db,
  sms: SmsProvider = outboxSmsProvider(db),
  onSmsFailure: (err: unknown) => void = () => {},
): Promise<number> {
  const told: Told[] = [];
  const { machine } = createProjectsService({
    db,
    settings: createSettingsService({ db }),
    awarded: awardNotice(told),
  });
  const moved = await machine.fireDue(
    db,
    'award',
    sql`publicity_ends_at <= app_now() and ${resultsRepository.noOpenObjection()}`,
  );
  for (const t of told) await sendTold(db, sms, t, onSmsFailure);
  return moved;
}

/** Runs the award tick every `intervalMs` in this instance; the answer stops it. */
export function startAwardScheduler(db: Db, sms: SmsProvider, intervalMs: number, onError: (err: unknown) => void) {
  return runEvery(intervalMs, () => runAwardTick(db, sms, onError), onError);
}
