import { and, asc, count, eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { containing } from '../../lib/paging.ts';
import { lateralRow, qualified } from '../../lib/sql-fragments.ts';
import { departments } from './departments.table.ts';

export type DeptRow = typeof departments.$inferSelect;
type Conn = Db | Tx;

const inTreeOrder = [asc(departments.parentId), asc(departments.orderNum), asc(departments.id)];

/** The ids of the departments at or below `deptId`, as a subquery. */
export const deptAndBelow = (deptId: number) =>
  sql`(select d.id from departments d where d.id = ${deptId} or (',' || d.ancestors || ',') like ${`%,${deptId},%`})`;

/** The name of the department whose id is `column`, as a scalar subquery (null when none). */
export const departmentName = (column: AnyColumn | SQL) =>
  sql<string>`(select d.name from departments d where d.id = ${qualified(column)})`;

/** The name of the department whose id is `column` as `ownerName`, a lateral join (see `lateralRow`). */
export const ownerNameJoin = (column: AnyColumn | SQL) =>
  lateralRow('owner_names', sql`select d.name from departments d where d.id = ${qualified(column)}`, {
    ownerName: 'name',
  });

/** The nearest organisation at or above the department `column`, as a scalar subquery. */
export const organisationIdOf = (column: AnyColumn | SQL) =>
  sql<number | null>`(select o.id from departments d join departments o
      on o.kind = 'organisation' and (o.id = d.id or (',' || d.ancestors || ',') like '%,' || o.id || ',%')
    where d.id = ${qualified(column)} order by length(o.ancestors) desc limit 1)`;

/** The department tree: the only place that reads or writes the departments table. */
export const departmentsRepository = {
  list: (db: Db, where: SQL | undefined) =>
    db
      .select()
      .from(departments)
      .where(where)
      .orderBy(...inTreeOrder),

  /** Enabled departments for pickers. */
  listEnabled: (db: Db, where: SQL | undefined) =>
    db
      .select()
      .from(departments)
      .where(and(eq(departments.status, '0'), where))
      .orderBy(...inTreeOrder),

  filter: (f: { name?: string; status?: string }) =>
    and(
      f.name ? ilike(departments.name, containing(f.name)) : undefined,
      f.status ? eq(departments.status, f.status) : undefined,
    ),

  findById: async (db: Db, id: number, where?: SQL) =>
    (
      await db
        .select()
        .from(departments)
        .where(and(eq(departments.id, id), where))
    )[0],

  findByName: async (db: Db, name: string) =>
    (await db.select().from(departments).where(eq(departments.name, name)))[0],

  /** The child of `parentId` called `name`, if any. */
  findChild: async (db: Db, parentId: number, name: string) =>
    (
      await db
        .select()
        .from(departments)
        .where(and(eq(departments.parentId, parentId), eq(departments.name, name)))
    )[0],

  /** The branch department (not an organisation) called `name`. */
  findBranch: async (db: Db, name: string) =>
    (
      await db
        .select()
        .from(departments)
        .where(and(eq(departments.name, name), eq(departments.kind, 'department')))
    )[0],

  /** Organisations right under `parentId`, with `extra` columns (e.g. a member count). */
  organisationsUnder: <E extends Record<string, SQL>>(db: Db, parentId: number, extra: (id: AnyColumn) => E) =>
    db
      .select({
        id: departments.id,
        name: departments.name,
        leader: departments.leader,
        phone: departments.phone,
        status: departments.status,
        createdAt: departments.createdAt,
        ...extra(departments.id),
      })
      .from(departments)
      .where(and(eq(departments.kind, 'organisation'), eq(departments.parentId, parentId)))
      .orderBy(asc(departments.orderNum), asc(departments.name)),

  childCount: async (db: Db, id: number) =>
    (await db.select({ n: count() }).from(departments).where(eq(departments.parentId, id)))[0]?.n ?? 0,

  insert: async (db: Conn, values: typeof departments.$inferInsert) =>
    (await db.insert(departments).values(values).returning({ id: departments.id }))[0]!.id,

  /** Saves a department and rewrites the ancestor paths below it, so descendants move with it. */
  update: (db: Db, id: number, oldAncestors: string, values: typeof departments.$inferInsert & { ancestors: string }) =>
    db.transaction(async (tx) => {
      await tx.update(departments).set(values).where(eq(departments.id, id));
      const oldPrefix = `${oldAncestors},${id}`;
      await tx.execute(sql`update departments set ancestors = ${`${values.ancestors},${id}`} || substr(ancestors, ${oldPrefix.length + 1})
        where ancestors = ${oldPrefix} or ancestors like ${`${oldPrefix},%`}`);
    }),

  remove: (db: Conn, id: number) => db.delete(departments).where(eq(departments.id, id)),

  /** Ids and names of the given departments. */
  namesOf: async (db: Db, ids: number[]): Promise<{ id: number; name: string }[]> =>
    ids.length === 0
      ? []
      : db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, ids)),

  /** The nearest department at or above `deptId` whose kind is organisation. */
  organisationOf: async (db: Db, deptId: number | null): Promise<number | null> => {
    if (!deptId) return null;
    const rows = await queryRows<{ id: number | null }>(db, sql`select ${organisationIdOf(sql`${deptId}`)} as id`);
    return rows[0]?.id ? Number(rows[0].id) : null;
  },
};
