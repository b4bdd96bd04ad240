import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { appClock } from './clock.table.ts';

export const clockRepository = {
  /** The business clock: its time and its offset from the database's own. */
  async read(db: Db): Promise<{ now: Date; offsetSeconds: number }> {
    const [row] = await queryRows<{ now: Date | string; offset_seconds: string | number }>(
      db,
      sql`select app_now() as now, coalesce((select offset_seconds from app_clock where id = 1), 0) as offset_seconds`,
    );
    return { now: new Date(row!.now), offsetSeconds: Number(row!.offset_seconds) };
  },

  setOffset: (db: Db, offsetSeconds: number) =>
    db
      .insert(appClock)
      .values({ id: 1, offsetSeconds })
      .onConflictDoUpdate({ target: appClock.id, set: { offsetSeconds } }),

  /** A production start: the business clock is the database's. */
  reset: (db: Db) => db.update(appClock).set({ offsetSeconds: 0 }).where(eq(appClock.id, 1)),
};
