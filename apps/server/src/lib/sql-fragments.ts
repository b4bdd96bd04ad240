import { Column, getTableName, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A column named with its table, for correlated subqueries that modules hand each other: Drizzle
 * writes a column of a single-table select without its table, and inside a subquery such a bare
 * name would bind to the subquery's own table when that has a column of the same name.
 */
export const qualified = (column: AnyColumn | SQL): SQL =>
  is(column, Column) ? sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}` : column;
