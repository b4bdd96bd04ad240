import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { selectAll, selectPage, type Conn } from '../../lib/crud-repository.ts';
import { containing, withinDates, type Page } from '../../lib/paging.ts';
import { signinLog } from './auth.table.ts';

export interface SignInLogFilter {
  loginName?: string;
  ip?: string;
  status?: '0' | '1';
  types?: number;
  beginTime?: string;
  endTime?: string;
}

const matching = (f: SignInLogFilter): SQL | undefined =>
  and(
    f.loginName ? ilike(signinLog.loginName, containing(f.loginName)) : undefined,
    f.ip ? ilike(signinLog.ip, containing(f.ip)) : undefined,
    f.status ? eq(signinLog.status, f.status) : undefined,
    f.types !== undefined ? eq(signinLog.types, f.types) : undefined,
    ...withinDates(signinLog.createdAt, f),
  );
const newestFirst = [desc(signinLog.id)];

/** The sign-in log: written at every attempt, read by the log pages (base/log) newest first. */
export const signInLogRepository = {
  insert: (db: Conn, entry: typeof signinLog.$inferInsert) => db.insert(signinLog).values(entry),
  page: (db: Conn, f: SignInLogFilter, page: Page) => selectPage(db, signinLog, matching(f), newestFirst, page),
  /** Rows of a page without counting them all: an export reads the list a batch at a time. */
  rows: (db: Conn, f: SignInLogFilter, page: { limit: number; offset: number }) =>
    selectAll(db, signinLog, matching(f), newestFirst, page.limit, page.offset),
};
