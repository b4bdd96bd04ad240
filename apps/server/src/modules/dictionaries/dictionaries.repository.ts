import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import { selectPage, type Conn } from '../../lib/crud-repository.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { dictData, dictTypes } from './dictionaries.table.ts';

export type DictTypeRow = typeof dictTypes.$inferSelect;
export type DictDataRow = typeof dictData.$inferSelect;
export type DictTypeValues = typeof dictTypes.$inferInsert;
export type DictDataValues = typeof dictData.$inferInsert;

const entryOrder = [asc(dictData.sort), asc(dictData.id)];

/** Queries on the dictionary types and entries; the only place that touches their tables. */
export const dictionariesRepository = {
  typesPage(db: Conn, f: { dictType?: string; name?: string }, page: Page) {
    const where: SQL | undefined = and(
      f.dictType ? ilike(dictTypes.dictType, containing(f.dictType)) : undefined,
      f.name ? ilike(dictTypes.name, containing(f.name)) : undefined,
    );
    return selectPage(db, dictTypes, where, [asc(dictTypes.dictType)], page);
  },

  async type(db: Conn, id: number): Promise<DictTypeRow | undefined> {
    const [row] = await db.select().from(dictTypes).where(eq(dictTypes.id, id));
    return row;
  },

  async typeIdOfKey(db: Conn, dictType: string): Promise<number | undefined> {
    const [row] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.dictType, dictType));
    return row?.id;
  },

  async insertType(db: Conn, values: DictTypeValues): Promise<number> {
    const [row] = await db.insert(dictTypes).values(values).returning({ id: dictTypes.id });
    return row!.id;
  },

  /** Saves a type; its entries follow a change of its key (inside the caller's transaction). */
  async updateType(db: Conn, current: DictTypeRow, values: DictTypeValues) {
    await db.update(dictTypes).set(values).where(eq(dictTypes.id, current.id));
    await db.update(dictData).set({ dictType: values.dictType }).where(eq(dictData.dictType, current.dictType));
  },

  /** Removes a type with its entries (inside the caller's transaction). */
  async removeType(db: Conn, type: DictTypeRow) {
    await db.delete(dictData).where(eq(dictData.dictType, type.dictType));
    await db.delete(dictTypes).where(eq(dictTypes.id, type.id));
  },

  /** The entries of a type, enabled or not, in order. */
  entries: (db: Conn, dictType: string) =>
    db
      .select()
      .from(dictData)
      .where(eq(dictData.dictType, dictType))
      .orderBy(...entryOrder),

  /** The enabled entries of a type, in order. */
  enabledEntries: (db: Conn, dictType: string) =>
    db
      .select()
      .from(dictData)
      .where(and(eq(dictData.dictType, dictType), eq(dictData.status, '0')))
      .orderBy(...entryOrder),

  async entryIdOfValue(db: Conn, dictType: string, value: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: dictData.id })
      .from(dictData)
      .where(and(eq(dictData.dictType, dictType), eq(dictData.value, value)));
    return row?.id;
  },

  async insertEntry(db: Conn, values: DictDataValues): Promise<number> {
    const [row] = await db.insert(dictData).values(values).returning({ id: dictData.id });
    return row!.id;
  },

  /** Answers whether the entry was there. */
  async updateEntry(db: Conn, id: number, values: DictDataValues): Promise<boolean> {
    const updated = await db.update(dictData).set(values).where(eq(dictData.id, id)).returning({ id: dictData.id });
    return updated.length > 0;
  },

  /** Answers whether the entry was there. */
  async removeEntry(db: Conn, id: number): Promise<boolean> {
    const removed = await db.delete(dictData).where(eq(dictData.id, id)).returning({ id: dictData.id });
    return removed.length > 0;
  },
};
