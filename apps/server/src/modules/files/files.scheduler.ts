import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/repeat.ts';
import { filesRepository } from './files.repository.ts';

/** How long an upload may wait for a record to take it before the sweep removes it. */
export const ORPHAN_HOURS = 24;
/** Files removed per statement: a backlog goes over a few ticks, each statement stays short. */
const SWEEP_BATCH = 200;

/**
 * Removes the files no record holds a day after their upload (uploads never used, documents a
 * record let go), with their content. Instances sweeping at once skip each other's rows. Answers
 * how many went.
 */
export async function removeOrphanFiles(db: Db): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = await filesRepository.removeUnattached(db, ORPHAN_HOURS, SWEEP_BATCH);
    removed += n;
    if (n < SWEEP_BATCH) return removed;
  }
}

/** Sweeps every `intervalMs` in this instance, beside the deadline ticks; the answer stops it. */
export const startOrphanSweep = (db: Db, intervalMs: number, onError: (err: unknown) => void) =>
  runEvery(intervalMs, () => removeOrphanFiles(db), onError);
