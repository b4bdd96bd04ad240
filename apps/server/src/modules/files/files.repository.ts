import { and, asc, eq, inArray, isNull, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Conn } from '../../lib/crud-repository.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { files } from './files.table.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;
/** A document attached to a record, as lists and detail pages show it. */
export interface AttachedDocument {
  fileName: string;
  originalName: string;
  size: number;
}

/** Queries on the uploaded files; the only place that touches their table. */
export const filesRepository = {
  async insert(db: Conn, values: NewFile): Promise<void> {
    await db.insert(files).values(values);
  },

  async findByStoredName(db: Conn, storedName: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.storedName, storedName));
    return row;
  },

  /** Those of `names` that `userId` uploaded and no record holds yet. */
  async ownedUnattached(db: Conn, names: string[], userId: number): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await db
      .select({ name: files.storedName })
      .from(files)
      .where(and(inArray(files.storedName, names), eq(files.uploadedBy, userId), isNull(files.recordType)));
    return rows.map((r) => r.name);
  },

  /** Deletes a file's record: no download finds it any more. */
  async remove(db: Conn, storedName: string): Promise<void> {
    await db.delete(files).where(eq(files.storedName, storedName));
  },

  /** Attaches the files `names` to a record (inside the caller's transaction). */
  async attach(db: Conn, recordType: string, recordId: number, names: string[]): Promise<void> {
    if (names.length === 0) return;
    await db.update(files).set({ recordType, recordId }).where(inArray(files.storedName, names));
  },

  /** Lets go of a record's files not in `keepNames`: they stay stored, unattached, for their uploader. */
  async detachOthers(db: Conn, recordType: string, recordId: number, keepNames: string[]): Promise<void> {
    await db
      .update(files)
      .set({ recordType: null, recordId: null })
      .where(
        and(
          eq(files.recordType, recordType),
          eq(files.recordId, recordId),
          keepNames.length ? notInArray(files.storedName, keepNames) : undefined,
        ),
      );
  },

  /** A record's documents, in upload order. */
  listFor(db: Conn, recordType: string, recordId: number): Promise<AttachedDocument[]> {
    return db
      .select({ fileName: files.storedName, originalName: files.originalName, size: files.size })
      .from(files)
      .where(and(eq(files.recordType, recordType), eq(files.recordId, recordId)))
      .orderBy(asc(files.id));
  },

  /** The file `storedName` when it is attached to that record, or undefined. */
  async findAttached(db: Conn, recordType: string, recordId: number, storedName: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.storedName, storedName), eq(files.recordType, recordType), eq(files.recordId, recordId)));
    return row;
  },

  /**
   * A record's documents as one JSON array, in upload order, for a query of the record's own
   * table to embed (`recordId` is the column holding the record's id).
   */
  documentsJson(recordType: string, recordId: AnyColumn | SQL) {
    return sql<AttachedDocument[]>`(
        select coalesce(json_agg(json_build_object('fileName', f.stored_name, 'originalName', f.original_name,
          'size', f.size) order by f.id), '[]'::json)
        from files f where f.record_type = ${recordType} and f.record_id = ${qualified(recordId)})`;
  },
};
