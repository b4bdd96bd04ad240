import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { qualified } from '../../lib/sql-fragments.ts';

/*
 * What other modules read of the audit trail beside their own rows: when a record entered a
 * status, and how many records entered one each month. The workflow engine writes every
 * transition as a row of the record's subject with `data` {from, to}, so the trail is the one
 * place that knows when each status began.
 */

/**
 * When the record `subjectId` (of `subjectType`) last entered `status`: a scalar subquery over the
 * trail's index by subject, null when no transition led there (a record still in the status it
 * was created with).
 */
export const enteredStatusAt = (subjectType: string, subjectId: AnyColumn | SQL, status: AnyColumn | SQL | string) =>
  sql<Date | null>`(select max(au.created_at) from audit_trail au
    where au.subject_type = ${subjectType} and au.subject_id = ${qualified(subjectId)}
      and au.data ->> 'to' = ${typeof status === 'string' ? status : qualified(status)})`;

/**
 * How many records of `subjectType` among `subjectIds` (a subquery of ids) entered `status` in
 * each month (`YYYY-MM` in `timeZone`) from `since` on; a record that entered it twice in a month
 * counts once there.
 */
export async function enteredByMonth(
  db: Db | Tx,
  f: { subjectType: string; status: string; subjectIds: SQL; timeZone: string; since: SQL },
): Promise<Map<string, number>> {
  const month = sql`to_char(au.created_at at time zone ${f.timeZone}, 'YYYY-MM')`;
  const rows = await queryRows<{ month: string; n: number }>(
    db,
    sql`select ${month} as month, count(distinct au.subject_id)::int as n from audit_trail au
      where au.subject_type = ${f.subjectType} and au.data ->> 'to' = ${f.status}
        and au.subject_id in ${f.subjectIds} and au.created_at >= ${f.since}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.month, r.n]));
}
