import { asc, count, eq, inArray, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import type { Page } from './paging.ts';

export type Conn = Db | Tx;
type TableWithId = PgTable & { id: PgColumn };
type Order = SQL | PgColumn;

/** One page of the rows of `table` that match `where`, with how many match in all. */
export async function selectPage<T extends PgTable>(
  db: Conn,
  table: T,
  where: SQL | undefined,
  orderBy: Order[],
  page: Page,
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  const rows = await selectAll(db, table, where, orderBy, page.limit, page.offset);
  return { rows, total: total?.n ?? 0 };
}

/** The rows of `table` that match `where`, in order, at most `limit` (an export). */
export async function selectAll<T extends PgTable>(
  db: Conn,
  table: T,
  where: SQL | undefined,
  orderBy: Order[],
  limit: number,
  offset = 0,
): Promise<InferSelectModel<T>[]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows as InferSelectModel<T>[];
}

/**
 * The queries of a plain table edited row by row (list, export, read, create, edit, remove):
 * a module's repository makes one for each such table it owns.
 */
export function crudRepository<T extends TableWithId, F>(
  table: T,
  { where, orderBy }: { where: (f: F) => SQL | undefined; orderBy: Order },
) {
  type Row = InferSelectModel<T>;
  type Values = InferInsertModel<T>;
  const order = [orderBy, asc(table.id)];
  return {
    page: (db: Conn, f: F, page: Page) => selectPage(db, table, where(f), order, page),
    all: (db: Conn, f: F, limit: number) => selectAll(db, table, where(f), order, limit),
    async find(db: Conn, id: number): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id));
      return row as Row | undefined;
    },
    async insert(db: Conn, values: Values): Promise<number> {
      const [row] = (await db
        .insert(table)
        .values(values as never)
        .returning({ id: table.id })) as { id: number }[];
      return row!.id;
    },
    /** Answers whether the row was there. */
    async update(db: Conn, id: number, values: Partial<Values>): Promise<boolean> {
      const updated = (await db
        .update(table)
        .set(values as never)
        .where(eq(table.id, id))
        .returning({ id: table.id })) as unknown[];
      return updated.length > 0;
    },
    async remove(db: Conn, ids: number[]): Promise<void> {
      await db.delete(table).where(inArray(table.id, ids));
    },
  };
}
export type CrudRepository<T extends TableWithId, F> = ReturnType<typeof crudRepository<T, F>>;
