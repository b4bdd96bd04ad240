import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { auditTrail } from './audit-trail.table.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: number;
  actorId?: number | null;
  actorName?: string | null;
  data?: Record<string, unknown>;
}

/** JSON with keys in a fixed order, so that the same content always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function rowHash(
  prevHash: string,
  row: {
    action: string;
    subjectType: string;
    subjectId: number;
    actorId: number | null;
    actorName: string | null;
    data: unknown;
    createdAt: Date;
  },
) {
  const content = canonical([
    row.action,
    row.subjectType,
    row.subjectId,
    row.actorId,
    row.actorName,
    row.data,
    row.createdAt.toISOString(),
  ]);
  return createHash('sha256').update(prevHash).update('|').update(content).digest('hex');
}

/**
 * Appends a row to the chain inside the caller's transaction. Appends are serialised by an
 * advisory lock held to the end of that transaction, so two writers never chain onto the same
 * previous row; a rolled-back transaction leaves no row and no gap in the chain.
 */
export async function appendAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
  const [last] = await tx.select({ hash: auditTrail.hash }).from(auditTrail).orderBy(desc(auditTrail.id)).limit(1);
  const [clock] = await queryRows<{ at: Date | string }>(tx, sql`select date_trunc('milliseconds', app_now()) as at`);
  const row = {
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    actorId: entry.actorId ?? null,
    actorName: entry.actorName ?? null,
    data: JSON.parse(canonical(entry.data ?? {})) as Record<string, unknown>,
    createdAt: new Date(clock!.at),
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  await tx.insert(auditTrail).values({ ...row, prevHash, hash: rowHash(prevHash, row) });
}

/** The rows about one record, oldest first: its timeline. */
export function timelineOf(db: Db, subjectType: string, subjectId: number) {
  return db
    .select({
      id: auditTrail.id,
      action: auditTrail.action,
      actorName: auditTrail.actorName,
      data: auditTrail.data,
      createdAt: auditTrail.createdAt,
    })
    .from(auditTrail)
    .where(and(eq(auditTrail.subjectType, subjectType), eq(auditTrail.subjectId, subjectId)))
    .orderBy(asc(auditTrail.id));
}

/** Walks the chain from the start; answers the first row that does not verify, if any. */
export async function verifyAuditChain(db: Db): Promise<{ ok: boolean; checked: number; brokenAt?: number }> {
  let prev = GENESIS_HASH;
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditTrail)
      .where(gt(auditTrail.id, lastId))
      .orderBy(asc(auditTrail.id))
      .limit(1000);
    if (rows.length === 0) return { ok: true, checked };
    for (const r of rows) {
      if (r.prevHash !== prev || rowHash(prev, { ...r, createdAt: new Date(r.createdAt) }) !== r.hash) {
        return { ok: false, checked, brokenAt: r.id };
      }
      prev = r.hash;
      lastId = r.id;
      checked += 1;
    }
  }
}
