import { LIVE_PRESENT_SECONDS } from '@lvb/contracts/live';
import type { Db, Tx } from '../../db/client.ts';
import { liveRepository } from '../live/live.repository.ts';
import { bidsRepository } from './bids.repository.ts';

/**
 * The supervisors who confirmed presence at a project's opening, each marked present when seen
 * within the last minute: just confirmed, or following the opening on its live or opening page.
 * The opening reads this at its own moment, so a presence confirmed hours before counts only if
 * the supervisor is still there.
 */
export async function witnessesOf(conn: Db | Tx, projectId: number) {
  const confirmed = await bidsRepository.witnessesOf(conn, [projectId]);
  const seen = await liveRepository.seen(
    conn,
    projectId,
    confirmed.map((w) => w.userId),
    LIVE_PRESENT_SECONDS,
  );
  const now = await bidsRepository.clock(conn);
  const fresh = (at: Date) => now.getTime() - at.getTime() <= LIVE_PRESENT_SECONDS * 1000;
  return confirmed.map((w) => ({ ...w, present: seen.has(w.userId) || fresh(w.signedAt) }));
}
