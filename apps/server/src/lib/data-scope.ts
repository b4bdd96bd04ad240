import { DataScope, SUPER_ROLE } from '@lvb/contracts/access';
import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';

export interface ScopedActor {
  id: number;
  deptId: number | null;
  /** The organisation unit the actor's department belongs to (see departments.kind). */
  orgDeptId: number | null;
  roles: string[];
  dataScopes: string[];
}

/** Departments at or below `deptId`, as a subquery. */
const deptAndBelow = (deptId: number) =>
  sql`(select d.id from departments d where d.id = ${deptId} or (',' || d.ancestors || ',') like ${`%,${deptId},%`})`;

/**
 * The condition that limits rows to what the actor's roles may see (DESIGN §5): all, the own
 * department and below, the own organisation, or only the actor's own rows. Roles add up; an
 * undefined answer means no limit.
 */
export function scopeCondition(
  actor: ScopedActor,
  cols: { deptId: AnyColumn; ownerId: AnyColumn | SQL },
): SQL | undefined {
  if (actor.roles.includes(SUPER_ROLE) || actor.dataScopes.includes(DataScope.all)) return undefined;
  const parts: SQL[] = [];
  if (actor.dataScopes.includes(DataScope.deptAndBelow) && actor.deptId) {
    parts.push(sql`${cols.deptId} in ${deptAndBelow(actor.deptId)}`);
  }
  if (actor.dataScopes.includes(DataScope.organisation) && actor.orgDeptId) {
    parts.push(sql`${cols.deptId} in ${deptAndBelow(actor.orgDeptId)}`);
  }
  parts.push(sql`${cols.ownerId} = ${actor.id}`);
  return or(...parts);
}

/** The nearest department at or above `deptId` whose kind is organisation. */
export async function organisationOf(db: Db, deptId: number | null): Promise<number | null> {
  if (!deptId) return null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select o.id from departments d join departments o
          on o.kind = 'organisation' and (o.id = d.id or (',' || d.ancestors || ',') like '%,' || o.id || ',%')
        where d.id = ${deptId}
        order by length(o.ancestors) desc limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}
