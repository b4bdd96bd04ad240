import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { livePresence } from './live.table.ts';

type Conn = Db | Tx;

/** A reader's presence is written at most this often: the page reads every few seconds. */
const TOUCH_EVERY_SECONDS = 5;

/** Who is watching a project live: the only place that touches `live_presence`. */
export const liveRepository = {
  /** Records `userId` present now (a row per project and reader; written again only when stale). */
  async touch(db: Conn, p: { projectId: number; userId: number; role: string; companyId: number | null }) {
    await db
      .insert(livePresence)
      .values(p)
      .onConflictDoUpdate({
        target: [livePresence.projectId, livePresence.userId],
        set: {
          lastSeenAt: sql`app_now()`,
          role: p.role,
          companyId: p.companyId,
          // Back after an absence: present since now.
          firstSeenAt: sql`case when ${livePresence.lastSeenAt} < app_now() - make_interval(secs => 60) then app_now() else ${livePresence.firstSeenAt} end`,
        },
        setWhere: sql`${livePresence.lastSeenAt} < app_now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`,
      });
  },

  /** Those seen on the project within the last `seconds`, by the platform's clock. */
  present(db: Conn, projectId: number, seconds: number) {
    return db
      .select({
        userId: livePresence.userId,
        name: accountName(livePresence.userId),
        role: livePresence.role,
        companyId: livePresence.companyId,
        since: livePresence.firstSeenAt,
        lastSeenAt: livePresence.lastSeenAt,
      })
      .from(livePresence)
      .where(
        and(
          eq(livePresence.projectId, projectId),
          gte(livePresence.lastSeenAt, sql`app_now() - make_interval(secs => ${seconds})`),
        ),
      )
      .orderBy(asc(livePresence.firstSeenAt));
  },

  /** Which of `userIds` were seen on the project within the last `seconds`. */
  async seen(db: Conn, projectId: number, userIds: number[], seconds: number): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ userId: livePresence.userId })
      .from(livePresence)
      .where(
        and(
          eq(livePresence.projectId, projectId),
          inArray(livePresence.userId, userIds),
          gte(livePresence.lastSeenAt, sql`app_now() - make_interval(secs => ${seconds})`),
        ),
      );
    return new Set(rows.map((r) => r.userId));
  },
};
