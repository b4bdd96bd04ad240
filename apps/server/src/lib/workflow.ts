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
 * A status as people read it, in both languages, from its dictionary (`project_status`,
 * `application_status`, …): the one place a status becomes text.
 */
export function statusLabel(statusDictionary: string, status: string): Text {
  const entry = DICTIONARIES.find((d) => d.type === statusDictionary)?.entries.find(([value]) => value === status);
  return text(entry ? entry[1].toLowerCase() : status.replace(/_/g, ' '), entry ? entry[2] : status);
}

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
  /** A person's reason as typed; the system's in both languages (its notices are). */
  reason?: string | Text;
}

/** The reason as the record's column keeps it: what the person typed, or the system's English. */
const reasonOf = (reason: string | Text | undefined) => (typeof reason === 'string' ? reason.trim() : reason?.en) || '';

export interface EventRules<E extends string, Row> {
  /**
   * Checks of what the record refers to (master data, parameters, attached files) that do not
   * depend on its status; they run before the transaction, on the record as read then, so that
   * they may read through caches and other connections. Everything the status decides belongs in
   * `guard`.
   */
  before?: (row: Row, ctx: FireContext<E>) => Promise<void>;
  /**
   * Refuses the event by throwing an AppError. It runs inside the transaction that writes, on the
   * row as read under its lock (`tx` sees what the write will see), so a check and the write it
   * allows cannot be separated by another request.
   */
  guard?: (tx: Tx, row: Row, ctx: FireContext<E>) => Promise<void>;
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
  /** The column that keeps the Chinese of a reason the system gives in both languages. */
  reasonZhColumn?: keyof T['$inferInsert'] & string;
  rules?: Partial<Record<E, EventRules<E, T['$inferSelect']>>>;
  /** The refusal of an event that the record's status does not allow, in both languages. */
  refusal: (status: string, event: E) => Text;
  /** The refusal when another request moved the record between the read and the write. */
  changedMeanwhile: Text;
}

export function createWorkflowEngine<S extends string, E extends string, T extends StatusTable>(
  o: WorkflowEngineOptions<S, E, T>,
) {
  type Row = T['$inferSelect'] & { id: number; status: string };
  const { workflow, table } = o;

  function permitted(ctx: FireContext<E>) {
    const t = eventOf(workflow, ctx.event);
    const allowed = ctx.actor === 'system' ? t.system === true : hasAnyPermission(ctx.actor, t.permissions);
    if (!allowed) throw forbidden();
    if (t.reason && !reasonOf(ctx.reason)) throw badRequest(text('reason: give the reason', '请填写原因'));
    return t;
  }

  /** The record read under its row lock, refused unless its status allows `event`. */
  async function lockFor(tx: Tx, id: number, event: E): Promise<Row> {
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')) as Row[];
    if (!row) throw conflict(o.changedMeanwhile);
    if (!(eventOf(workflow, event).from as readonly string[]).includes(row.status))
      throw conflict(o.refusal(row.status, event));
    return row;
  }

  /** The guard, the conditional UPDATE, its audit row and the effect, on a row locked in `tx`. */
  async function write(tx: Tx, current: Row, ctx: FireContext<E>): Promise<Row> {
    const t = eventOf(workflow, ctx.event);
    await o.rules?.[ctx.event]?.guard?.(tx, current, ctx);
    const set: Record<string, unknown> = { status: t.to, updatedAt: sql`now()`, ...o.rules?.[ctx.event]?.set?.(ctx) };
    if (o.reasonColumn && t.reason) set[o.reasonColumn] = reasonOf(ctx.reason) || null;
    if (o.reasonZhColumn && t.reason) set[o.reasonZhColumn] = typeof ctx.reason === 'object' ? ctx.reason.zh : null;
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
      data: {
        from: current.status,
        to: t.to,
        ...(reasonOf(ctx.reason) ? { reason: reasonOf(ctx.reason) } : {}),
        ...(typeof ctx.reason === 'object' ? { reasonZh: ctx.reason.zh } : {}),
      },
    });
    await o.rules?.[ctx.event]?.effect?.(tx, row, ctx);
    return row;
  }

  return {
    workflow,

    /**
     * Fires `event` on the record `id` (one the caller has checked the actor may see). Refuses what
     * the actor may not do and a missing reason; then, in one transaction, locks the row, refuses a
     * status the event does not leave from (409), runs the guard on the locked row, writes the
     * status with its audit row and runs the effect. `db` may be a transaction already (the
     * opening, the scoring): the event then commits or rolls back with the caller's work.
     */
    async fire(db: Db | Tx, id: number, ctx: FireContext<E>): Promise<Row> {
      permitted(ctx);
      const before = o.rules?.[ctx.event]?.before;
      if (before) {
        const [row] = (await db
          .select()
          .from(table as PgTable)
          .where(eq(table.id, id))) as Row[];
        if (row) await before(row, ctx);
      }
      return db.transaction(async (tx) => write(tx, await lockFor(tx, id, ctx.event), ctx));
    },

    /**
     * The record `id` locked in `tx`, refused (409, naming its status) unless `event` may leave
     * from it: a workflow step that writes more than the status (an opening record, a ranking)
     * takes the lock first, so that a cancellation cannot slip between its check and its write.
     */
    lockFor,

    /**
     * Fires a system event on every record that `due` selects, at most `limit` of them, in one
     * transaction. Rows are locked with SKIP LOCKED, so instances ticking at once share the work
     * and each record moves exactly once. `expect`: a settlement that must move exactly that many
     * rows (every winner of a ranking) throws, rolling back the caller's transaction, when it
     * moves another number.
     */
    async fireDue(db: Db | Tx, event: E, due: SQL, limit = 200, expect?: number): Promise<number> {
      const t = eventOf(workflow, event);
      if (!t.system) throw new Error(`${workflow.subject}.${event} is not fired by the system`);
      const moved = await db.transaction(async (tx) => {
        const rows = (await tx
          .select()
          .from(table as PgTable)
          .where(and(inArray(table.status, [...t.from]), due))
          .orderBy(asc(table.id))
          .limit(limit)
          .for('update', { skipLocked: true })) as Row[];
        for (const row of rows) await write(tx, row, { event, actor: 'system' });
        return rows.length;
      });
      if (expect !== undefined && moved !== expect) {
        throw new Error(`${workflow.subject}.${event}: ${moved} of ${expect} records moved`);
      }
      return moved;
    },
  };
}
