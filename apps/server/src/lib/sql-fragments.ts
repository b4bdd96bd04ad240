import { Column, getTableName, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A column named with its table, for correlated subqueries that modules hand each other: Drizzle
 * writes a column of a single-table select without its table, and inside a subquery such a bare
 * name would bind to the subquery's own table when that has a column of the same name.
 */
export const qualified = (column: AnyColumn | SQL): SQL =>
  is(column, Column) ? sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}` : column;

/**
 * A row of another module's table beside each row of a query, as a lateral join to add with
 * `.leftJoin(join.source, sql`true`)`, and the joined columns by name. PostgreSQL folds such a
 * join into the plan like any other; a scalar subquery per column instead runs once per row and
 * column (five of them cost the hall's page a sixth of its database time).
 */
export function lateralRow<K extends string>(alias: string, select: SQL, columns: Record<K, string>) {
  const name = sql.identifier(alias);
  return {
    source: sql`lateral (${select}) ${name}`,
    columns: Object.fromEntries(
      Object.entries<string>(columns).map(([key, column]) => [key, sql<string>`${name}.${sql.identifier(column)}`]),
    ) as Record<K, SQL<string>>,
  };
}
