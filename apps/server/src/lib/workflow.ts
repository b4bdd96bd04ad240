import { hasAnyPermission, type PermissionHolder } from '@lvb/contracts/access';
import { eventOf, type Workflow } from '@lvb/contracts/workflow';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { text, type Text } from '../i18n/text.ts';
import { appendAudit } from '../modules/audit-trail/audit-trail.service.ts';
import { DICTIONARIES } from '../seed/reference-data.ts';
import { badRequest, conflict, forbidden } from './errors.ts';

/**
 * The one transition engine (docs/architecture.md). A workflow's events come from
 * packages/contracts (from, to, permissions, reason); the module adds guards (checks before the
 * write) and effects (writes after it, in the same transaction: notices and the like). Firing an
 * event is one conditional UPDATE … WHERE id = $1 AND status IN (from) inside the transaction
 * that writes its audit row, the record's timeline; when the UPDATE finds no row, someone else
 * moved the record first and the caller gets 409, never a silent success.
 */

/**
 * The refusal of an event that a status does not allow, in both languages: "a project that is
 * draft cannot be approved", the Chinese naming the status as its dictionary (`statusDictionary`)
 * shows it. `past` says what each event does.
 */
export function statusRefusal<E extends string>(
  record: Text,
  statusDictionary: string,
  past: Record<E, Text>,
): (status: string, event: E) => Text {
  const zh = new Map(
    DICTIONARIES.find((d) => d.type === statusDictionary)!.entries.map(([value, , labelZh]) => [value, labelZh]),
  );
  return (status, event) =>
    text(
      `${/^[aeiou]/.test(record.en) ? 'an' : 'a'} ${record.en} that is ${status.replace(/_/g, ' ')} cannot be ${past[event].en}`,
      `状态为“${zh.get(status) ?? status}”的${record.zh}不能${past[event].zh}`,
    );
}

/** A person acting through the API, or the scheduler at a deadline. */
export type WorkflowActor = (PermissionHolder & { id: number; loginUid: string }) | 'system';

export interface FireContext<E extends string> {
  event: E;
  actor: WorkflowActor;
  reason?: string;
}

export interface EventRules<E extends string, Row> {
  /** Refuses the event by throwing an AppError; runs before the write. */
  guard?: (row: Row, ctx: FireContext<E>) => Promise<void>;
  /** Columns written together with the status. */
  set?: (ctx: FireContext<E>) => Record<string, unknown>;
  /** Writes that belong to the event, in its transaction, after the status moved. */
  effect?: (tx: Tx, row: Row, ctx: FireContext<E>) => Promise<void>;
}

type StatusTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };

export interface WorkflowEngineOptions<S extends string, E extends string, T extends StatusTable> {
  workflow: Workflow<S, E>;
  table: T;
  /** The column that keeps the reason of events that require one. */
  reasonColumn?: keyof T['$inferInsert'] & string;
  rules?: Partial<Record<E, EventRules<E, T['$inferSelect']>>>;
  /** The refusal of an event that the record's status does not allow, in both languages. */
  refusal: (status: string, event: E) => Text;
  /** The refusal when another request moved the record between the read and the write. */
  changedMeanwhile: Text;
}

export function createWorkflowEngine<S extends string, E extends string, T extends StatusTable>(
  o: WorkflowEngineOptions<S, E, T>,
) {
  type Row = T['$inferSelect'];
  const { workflow, table } = o;

  async function write(tx: Tx, current: Row & { id: number; status: string }, ctx: FireContext<E>): Promise<Row> {
    const t = eventOf(workflow, ctx.event);
    const set: Record<string, unknown> = { status: t.to, updatedAt: sql`now()`, ...o.rules?.[ctx.event]?.set?.(ctx) };
    if (o.reasonColumn && t.reason) set[o.reasonColumn] = ctx.reason ?? null;
    const [row] = (await tx
      .update(table)
      .set(set as never)
      .where(and(eq(table.id, current.id), inArray(table.status, [...t.from])))
      .returning()) as Row[];
    if (!row) throw conflict(o.changedMeanwhile);
    const person = ctx.actor === 'system' ? null : ctx.actor;
    await appendAudit(tx, {
      action: `${workflow.subject}.${ctx.event}`,
      subjectType: workflow.subject,
      subjectId: current.id,
      actorId: person?.id ?? null,
      actorName: person ? person.loginUid : 'scheduler',
      data: { from: current.status, to: t.to, ...(ctx.reason ? { reason: ctx.reason } : {}) },
    });
    await o.rules?.[ctx.event]?.effect?.(tx, row, ctx);
    return row;
  }

  return {
    workflow,

    /**
     * Fires `event` on `current` (a record the actor may see, read just before). Refuses what
     * the actor may not do, a missing reason, and an event the status does not allow; then runs
     * the guard and writes.
     */
    async fire(db: Db, current: Row & { id: number; status: string }, ctx: FireContext<E>): Promise<Row> {
      const t = eventOf(workflow, ctx.event);
      const allowed = ctx.actor === 'system' ? t.system === true : hasAnyPermission(ctx.actor, t.permissions);
      if (!allowed) throw forbidden();
      if (t.reason && !ctx.reason) throw badRequest(text('reason: give the reason', '请填写原因'));
      if (!(t.from as readonly string[]).includes(current.status)) throw conflict(o.refusal(current.status, ctx.event));
      await o.rules?.[ctx.event]?.guard?.(current, ctx);
      return db.transaction((tx) => write(tx, current, ctx));
    },

    /**
     * Fires a system event on every record that `due` selects, at most `limit` of them, in one
     * transaction. Rows are locked with SKIP LOCKED, so instances ticking at once share the work
     * and each record moves exactly once.
     */
    async fireDue(db: Db, event: E, due: SQL, limit = 200): Promise<number> {
      const t = eventOf(workflow, event);
      if (!t.system) throw new Error(`${workflow.subject}.${event} is not fired by the system`);
      return db.transaction(async (tx) => {
        const rows = (await tx
          .select()
          .from(table as PgTable)
          .where(and(inArray(table.status, [...t.from]), due))
          .orderBy(asc(table.id))
          .limit(limit)
          .for('update', { skipLocked: true })) as (Row & { id: number; status: string })[];
        for (const row of rows) await write(tx, row, { event, actor: 'system' });
        return rows.length;
      });
    },
  };
}
