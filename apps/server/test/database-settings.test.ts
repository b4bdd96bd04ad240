import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The sessions the server opens on PostgreSQL. JIT is off on every one: its statements are short,
 * and a generic plan's estimate over a large table passed JIT's cost threshold, so that each
 * execution of the hall's page compiled for 30–60 ms what then ran in one (bench:scale at a
 * million projects: 48 pages a second, p99 607 ms).
 */
describe.runIf(process.env.DATABASE_URL)('database sessions (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('run without JIT, the hall’s prepared statements in UTC with generic plans', async () => {
    const settings = async (db: typeof t.database.db) =>
      (
        await queryRows<{ jit: string; mode: string; zone: string }>(
          db,
          sql`select current_setting('jit') as jit, current_setting('plan_cache_mode') as mode, current_setting('TimeZone') as zone`,
        )
      )[0]!;
    expect((await settings(t.database.db)).jit).toBe('off');
    expect(await settings(t.database.planOnceDb)).toEqual({ jit: 'off', mode: 'force_generic_plan', zone: 'UTC' });
  });
});
