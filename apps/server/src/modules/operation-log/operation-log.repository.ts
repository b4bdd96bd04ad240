import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { selectAll, selectPage, type Conn } from '../../lib/crud-repository.ts';
import { containing, withinDates, type Page } from '../../lib/paging.ts';
import { operationLog } from './operation-log.table.ts';

export type NewOperationLogRow = typeof operationLog.$inferInsert;

export interface OperationLogFilter {
  title?: string;
  userName?: string;
  status?: '0' | '1';
  method?: string;
  beginTime?: string;
  endTime?: string;
}

const matching = (f: OperationLogFilter): SQL | undefined =>
  and(
    f.title ? ilike(operationLog.title, containing(f.title)) : undefined,
    f.userName ? ilike(operationLog.userName, containing(f.userName)) : undefined,
    f.status ? eq(operationLog.status, f.status) : undefined,
    f.method ? eq(operationLog.method, f.method) : undefined,
    ...withinDates(operationLog.createdAt, f),
  );
const newestFirst = [desc(operationLog.id)];

/** Queries on the operation log; the only place that touches its table. */
export const operationLogRepository = {
  page: (db: Conn, f: OperationLogFilter, page: Page) => selectPage(db, operationLog, matching(f), newestFirst, page),
  /** Rows of a page without counting them all: an export reads the list a batch at a time. */
  rows: (db: Conn, f: OperationLogFilter, page: { limit: number; offset: number }) =>
    selectAll(db, operationLog, matching(f), newestFirst, page.limit, page.offset),
  async find(db: Conn, id: number) {
    const [row] = await db.select().from(operationLog).where(eq(operationLog.id, id));
    return row;
  },
  async record(db: Conn, row: NewOperationLogRow): Promise<void> {
    await db.insert(operationLog).values(row);
  },
};
