import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@lvb/contracts/limits';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/** `pageNum` (default 1) and `pageSize` (default 20, at most 100) of every list call (DESIGN §4). */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const offsetOf = (q: { pageNum: number; pageSize: number }) => (q.pageNum - 1) * q.pageSize;

/** The limit and offset of one page. */
export const pageOf = (q: { pageNum: number; pageSize: number }) => ({ limit: q.pageSize, offset: offsetOf(q) });
export type Page = ReturnType<typeof pageOf>;

/** An `ilike` pattern matching `v` anywhere; `%`, `_` and `\\` in `v` match themselves. */
export const containing = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Response schema of a list call: `rows` and `total`. */
export const listAnswer = <T extends z.ZodType>(row: T) =>
  z.object({ code: z.literal(200), msg: z.string(), rows: z.array(row), total: z.number() });

/** Sort parameters limited to an allow-list of columns; anything else is refused by the schema. */
export function sortQuery<K extends string>(columns: Record<K, AnyColumn>, fallback: SQL) {
  const keys = Object.keys(columns) as [K, ...K[]];
  return {
    schema: z.object({
      orderByColumn: z.enum(keys).optional(),
      isAsc: z.enum(['ascending', 'descending', 'asc', 'desc']).optional(),
    }),
    orderBy(q: { orderByColumn?: K; isAsc?: string }): SQL {
      if (!q.orderByColumn) return fallback;
      const col = columns[q.orderByColumn];
      return q.isAsc === 'descending' || q.isAsc === 'desc' ? desc(col) : asc(col);
    },
  };
}

/** A "from–to" date filter on a timestamp column, both ends optional, inclusive by day. */
export const dateRangeQuery = z.object({
  beginTime: z.iso.date().optional(),
  endTime: z.iso.date().optional(),
});

/** The conditions of a `dateRangeQuery` on the timestamp `column`: from the first day through the last. */
export const withinDates = (column: AnyColumn, q: { beginTime?: string; endTime?: string }): (SQL | undefined)[] => [
  q.beginTime ? sql`${column} >= ${q.beginTime}::date` : undefined,
  q.endTime ? sql`${column} < ${q.endTime}::date + 1` : undefined,
];
