import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { transitionFor, type ProjectEvent } from './projects.machine.ts';

/**
 * Deadline transitions, judged by the database clock. Each is one conditional UPDATE whose
 * WHERE holds the status and the deadline: when several instances tick at once, a project's row
 * lock lets exactly one of them move it, and the others find nothing left to do.
 */
const DEADLINE_RULES: { event: ProjectEvent; due: ReturnType<typeof sql> }[] = [
  // Sign-up (and sealed bidding) closes at the bid deadline for models 2 and 3.
  { event: 'close_signup', due: sql`model in (2, 3) and bid_deadline <= now()` },
  // The opening time starts the evaluation.
  { event: 'start_evaluation', due: sql`opening_at <= now()` },
  // A pool draw starts at its draw time.
  { event: 'start_draw', due: sql`model = 1 and opening_at <= now()` },
];

export async function runDeadlineTick(db: Db): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const rule of DEADLINE_RULES) {
    const t = transitionFor(rule.event);
    const count = await db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; from_status: string }>(
        tx,
        sql`update projects p set status = ${t.to}, updated_at = now()
            from (select id, status from projects
                  where status in ${[...t.from]} and ${rule.due}
                  order by id limit 200 for update skip locked) due
            where p.id = due.id
            returning p.id, due.status as from_status`,
      );
      for (const row of rows) {
        await appendAudit(tx, {
          action: `project.${rule.event}`,
          subjectType: 'project',
          subjectId: Number(row.id),
          actorName: 'scheduler',
          data: { from: row.from_status, to: t.to, as: 'scheduler' },
        });
      }
      return rows.length;
    });
    if (count > 0) moved[rule.event] = count;
  }
  return moved;
}

/** Runs the tick every `intervalMs` in this instance; the answer stops it. */
export function startDeadlineScheduler(db: Db, intervalMs: number, onError: (err: unknown) => void) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDeadlineTick(db)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
