import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../lib/crud-repository.ts';
import { selectPage } from '../../lib/crud-repository.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { configParams } from './settings.table.ts';

export type ParamRow = typeof configParams.$inferSelect;
export type ParamValues = typeof configParams.$inferInsert;

/** Queries on the configuration parameters; the only place that touches their table. */
export const settingsRepository = {
  async allValues(db: Conn): Promise<{ key: string; value: string }[]> {
    return db.select({ key: configParams.configKey, value: configParams.value }).from(configParams);
  },

  page(db: Conn, scope: string, f: { configKey?: string; name?: string }, page: Page) {
    const where: SQL | undefined = and(
      eq(configParams.scope, scope),
      f.configKey ? ilike(configParams.configKey, containing(f.configKey)) : undefined,
      f.name ? ilike(configParams.name, containing(f.name)) : undefined,
    );
    return selectPage(db, configParams, where, [asc(configParams.configKey)], page);
  },

  async findInScope(db: Conn, id: number, scope: string): Promise<ParamRow | undefined> {
    const [row] = await db
      .select()
      .from(configParams)
      .where(and(eq(configParams.id, id), eq(configParams.scope, scope)));
    return row;
  },

  async idOfKey(db: Conn, configKey: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: configParams.id })
      .from(configParams)
      .where(eq(configParams.configKey, configKey));
    return row?.id;
  },

  async insert(db: Conn, values: ParamValues): Promise<number> {
    const [row] = await db.insert(configParams).values(values).returning({ id: configParams.id });
    return row!.id;
  },

  async update(db: Conn, id: number, values: Partial<ParamValues>): Promise<void> {
    await db.update(configParams).set(values).where(eq(configParams.id, id));
  },

  async remove(db: Conn, id: number): Promise<void> {
    await db.delete(configParams).where(eq(configParams.id, id));
  },

  /** Sets a parameter's value, creating the parameter when there is none (inside the caller's transaction). */
  async upsert(db: Conn, values: ParamValues & { value: string }): Promise<void> {
    await db
      .insert(configParams)
      .values(values)
      .onConflictDoUpdate({ target: configParams.configKey, set: { value: values.value, updatedAt: sql`now()` } });
  },
};
