import { DataScope, SUPER_ROLE } from '@lvb/contracts/access';
import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { deptAndBelow, departmentsRepository } from './departments.repository.ts';
import { departments } from './departments.table.ts';

export interface ScopedActor {
  id: number;
  deptId: number | null;
  /** The organisation unit the actor's department belongs to (see departments.kind). */
  orgDeptId: number | null;
  roles: string[];
  dataScopes: string[];
}

/**
 * The condition that limits rows to what the actor's roles may see (DESIGN §5): all, the own
 * department and below, the own organisation, or only the actor's own rows. Roles add up; an
 * undefined answer means no limit.
 */
export function scopeCondition(
  actor: ScopedActor,
  cols: { deptId: AnyColumn | SQL; ownerId: AnyColumn | SQL },
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

/** Departments the actor's data scope covers; the self-only scope sees its own department. */
export function departmentsInScope(actor: ScopedActor): SQL | undefined {
  const scoped = scopeCondition(actor, { deptId: departments.id, ownerId: sql`-1` });
  return scoped ? or(scoped, eq(departments.id, actor.deptId ?? -1)) : undefined;
}

/** The nearest department at or above `deptId` whose kind is organisation. */
export const organisationOf = departmentsRepository.organisationOf;
