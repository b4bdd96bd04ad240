import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The business clock's offset from the database's time, one row. Every deadline compares with
 * `app_now()` (migration 0010), which adds it to `now()`. Outside production the API tests and
 * the browser suite move it forward (`PUT /api/dev/clock`) so that no test waits for a real
 * window; a production start sets it back to zero and offers no way to move it.
 */
export const appClock = pgTable(
  'app_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetSeconds: bigint('offset_seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('app_clock_one_row', sql`${t.id} = 1`)],
);
